//! The `fuzz` command. Not built yet: tracked by the fuzzer issue.
fn main() {
    eprintln!("fuzz: the fuzz loop is not implemented yet (see the fuzzer issue); only the profiling agent works so far.");
    std::process::exit(2);
}
