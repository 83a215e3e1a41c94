//! Which probe shape a class gets when the profiler may choose (`counts=covered` and
//! `counts=jacoco`): a field probe (`probe_fields`, `iconst_1; putstatic`) or the array probe
//! (`getstatic Probes.fixed; push id; iconst_1; bastore`).
//!
//! The two shapes cost different things:
//! - a field probe is the cheaper one each time it runs in C1-compiled code (no bounds check,
//!   half the bytecode), but its first run resolves a `Fieldref` of its own: about a
//!   microsecond in HotSpot, so code that runs once pays for every probe in it;
//! - an array probe resolves one `Fieldref` per class, and then costs its first run no more
//!   than its later ones.
//!
//! Test classes are the code that a coverage run of a test suite runs once: JUnit and TestNG
//! call each test method once per test, and set-up methods once per test or per class. In
//! commons-lang3's suite the test classes hold three quarters of the probes. So a class that
//! carries a test framework's annotations, or extends JUnit 3's `TestCase`, gets the array
//! probe; every other class gets field probes where its constant pool has room
//! (`probe_fields::fits`). The reports do not depend on the shape.

use jvmfuzz_classfile::attrs::{annotation_types, name_is};
use jvmfuzz_classfile::{Attribute, ClassFile};

/// Type-descriptor prefixes of test framework annotations: JUnit 4 and 5 (`@Test`,
/// `@BeforeEach`, `@ParameterizedTest`, `@Nested`, ...) and TestNG.
const TEST_ANNOTATION_PREFIXES: [&str; 2] = ["Lorg/junit/", "Lorg/testng/annotations/"];
/// JUnit 3 test classes extend this directly (JUnit 3 runs every public `test*` method).
const JUNIT3_TEST_CASE: &str = "junit/framework/TestCase";

/// Whether `cf` is test code, which should get the array probe (see the module docs).
pub fn is_test_class(cf: &ClassFile<'_>) -> bool {
    if matches!(cf.super_class_name(), Ok(Some(s)) if s == JUNIT3_TEST_CASE) {
        return true;
    }
    has_test_annotation(cf, &cf.attributes) || cf.methods.iter().any(|m| has_test_annotation(cf, &m.attributes))
}

fn has_test_annotation(cf: &ClassFile<'_>, attributes: &[Attribute<'_>]) -> bool {
    let cp = &cf.constant_pool;
    attributes.iter().any(|a| {
        (name_is(cp, a, "RuntimeVisibleAnnotations") || name_is(cp, a, "RuntimeInvisibleAnnotations"))
            && a.raw().is_some_and(|raw| {
                // A malformed attribute is the coverage analysis's to report; here it only
                // means "not known to be a test".
                annotation_types(cp, raw)
                    .is_ok_and(|types| types.iter().any(|t| TEST_ANNOTATION_PREFIXES.iter().any(|p| t.starts_with(p))))
            })
    })
}

#[cfg(test)]
mod tests;
