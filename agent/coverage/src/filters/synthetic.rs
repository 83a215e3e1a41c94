//! Synthetic methods, except lambda bodies (`lambda$...`) which hold user code, and Scala's
//! `$anonfun$` bodies in Scala classes.

use super::FilterOutput;
use crate::model::{ClassContext, MethodModel};
use jvmfuzz_classfile::access;

pub(crate) fn filter(m: &MethodModel, ctx: &ClassContext, out: &mut FilterOutput) {
    if m.access & access::SYNTHETIC == 0 || m.name.starts_with("lambda$") {
        return;
    }
    let scala = ctx.attribute_names.iter().any(|a| a == "ScalaSig" || a == "Scala");
    if scala && m.name.starts_with("$anonfun$") {
        return;
    }
    out.ignore_all(m);
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ignored, Code};
    use super::super::FilterOutput;
    use crate::model::ClassContext;
    use jvmfuzz_classfile::access::SYNTHETIC;
    use jvmfuzz_classfile::bytecode::opcodes::RETURN;

    fn run(name: &str, attributes: &[&str]) -> Vec<usize> {
        let mut c = Code::new(name, "()V").access(SYNTHETIC);
        c.line(3).insn(RETURN);
        let (m, _) = c.build();
        let ctx = ClassContext {
            name: "sc/Functions$".into(),
            attribute_names: attributes.iter().map(|a| a.to_string()).collect(),
            ..Default::default()
        };
        let mut out = FilterOutput::default();
        super::filter(&m, &ctx, &mut out);
        ignored(&out)
    }

    #[test]
    fn scala_anonfun_bodies_stay_in_scala_classes_only() {
        // scalac 2.12+ compiles a closure's body to a synthetic method `$anonfun$f$1`; JaCoCo
        // keeps it in a class with a `ScalaSig` or `Scala` attribute.
        assert!(run("$anonfun$closures$1", &["ScalaSig"]).is_empty());
        assert!(run("$anonfun$closures$1", &["Scala"]).is_empty());
        assert_eq!(run("$anonfun$closures$1", &["SourceFile"]), vec![0]);
        // Other synthetic methods of a Scala class (`$deserializeLambda$`) are hidden.
        assert_eq!(run("$deserializeLambda$", &["ScalaSig"]), vec![0]);
        assert!(run("lambda$main$0", &[]).is_empty());
    }
}
