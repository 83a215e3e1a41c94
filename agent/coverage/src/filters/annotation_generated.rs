//! Code marked by an annotation whose simple name contains `Generated` (on the class or the
//! method, visible or invisible retention), e.g. `@lombok.Generated`, `@javax.annotation.processing.Generated`.

use super::FilterOutput;
use crate::model::{ClassContext, MethodModel};

fn is_generated(desc: &str) -> bool {
    let cut = desc.rfind(['/', '$']).map_or(0, |p| p + 1);
    desc[cut..].contains("Generated")
}

pub(crate) fn filter(m: &MethodModel, ctx: &ClassContext, out: &mut FilterOutput) {
    if ctx.annotations.iter().chain(&m.annotations).any(|a| is_generated(a)) {
        out.ignore_all(m);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn simple_name_match() {
        assert!(super::is_generated("Llombok/Generated;"));
        assert!(super::is_generated("Lfoo/Outer$MyGenerated;"));
        assert!(!super::is_generated("LGenerated/Foo;"));
        // groovyc marks what its AST transforms and the class generator add (property
        // accessors, `getMetaClass`, `@Immutable`'s methods, ...) with it.
        assert!(super::is_generated("Lgroovy/transform/Generated;"));
    }
}
