//! Fuzz target: parsing arbitrary bytes must never panic, and whatever parses must
//! re-serialise to exactly the input, survive lookups, and survive appending constants.

#![no_main]

use jvmfuzz_classfile::ClassFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(cf) = ClassFile::parse(data) else {
        return;
    };
    let out = cf.to_bytes();
    assert_eq!(out.len(), cf.byte_len(), "byte_len disagrees with to_bytes");
    assert!(
        out == data,
        "accepted input does not re-serialise byte for byte"
    );
    let again = ClassFile::parse(&out).expect("own output must parse");
    assert!(again.to_bytes() == out, "second round trip differs");

    // Lookups on whatever parsed: errors are fine, panics are not.
    let cp = &cf.constant_pool;
    for (idx, _) in cp.iter() {
        let _ = cp.utf8(idx);
        let _ = cp.class_name(idx);
        let _ = cp.member_ref(idx);
        let _ = cp.name_and_type(idx);
        let _ = cp.string(idx);
    }
    for m in cf.fields.iter().chain(&cf.methods) {
        let _ = m.name(cp);
        let _ = m.descriptor(cp);
    }
    let _ = cf.this_class_name();
    let _ = cf.super_class_name();

    // Appending what the rewriter appends must keep the class parseable and resolvable.
    let mut grown = cf.clone();
    if let Ok(idx) = grown
        .constant_pool
        .add_method_ref("jvmfuzz/Probes", "hit", "(I)V")
    {
        let bytes = grown
            .try_to_bytes()
            .expect("parsed class with one more constant must write");
        let re = ClassFile::parse(&bytes).expect("class with appended constants must parse");
        let r = re
            .constant_pool
            .member_ref(idx)
            .expect("appended Methodref must resolve");
        assert_eq!(
            (&*r.class, &*r.name, &*r.descriptor),
            ("jvmfuzz/Probes", "hit", "(I)V")
        );
    }
});
