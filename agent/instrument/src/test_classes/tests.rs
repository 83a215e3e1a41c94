use std::borrow::Cow;

use super::*;
use crate::probe_fields;
use jvmfuzz_classfile::AttributeInfo;

/// Whether a real class (a probe-field holder: one method), changed by `edit` and written
/// out, reads back as a test class.
fn is_test_after(edit: impl FnOnce(&mut ClassFile<'_>)) -> bool {
    let plain = probe_fields::holder_class(0);
    let mut cf = ClassFile::parse(&plain).unwrap();
    edit(&mut cf);
    let bytes = cf.to_bytes();
    is_test_class(&ClassFile::parse(&bytes).unwrap())
}

/// A `RuntimeVisibleAnnotations` (or invisible) attribute holding annotations of `types`, the
/// first one with an element value pair (`value = "x"`) so the reader must skip a body.
fn annotations(cf: &mut ClassFile<'_>, visible: bool, types: &[&str]) -> Attribute<'static> {
    let name = if visible { "RuntimeVisibleAnnotations" } else { "RuntimeInvisibleAnnotations" };
    let name_index = cf.constant_pool.add_utf8(name).unwrap();
    let mut raw = (types.len() as u16).to_be_bytes().to_vec();
    for (i, t) in types.iter().enumerate() {
        raw.extend(cf.constant_pool.add_utf8(t).unwrap().to_be_bytes());
        if i == 0 {
            raw.extend(1u16.to_be_bytes());
            raw.extend(cf.constant_pool.add_utf8("value").unwrap().to_be_bytes());
            raw.push(b's');
            raw.extend(cf.constant_pool.add_utf8("x").unwrap().to_be_bytes());
        } else {
            raw.extend(0u16.to_be_bytes());
        }
    }
    Attribute { name_index, info: AttributeInfo::Raw(Cow::Owned(raw)) }
}

#[test]
fn library_classes_are_not_tests() {
    assert!(!is_test_after(|_| {}));
    // Annotations from elsewhere, even with "junit" in a longer package name, do not count.
    assert!(!is_test_after(|cf| {
        let a = annotations(cf, true, &["Ljava/lang/Deprecated;", "Lorg/junitpioneer/jupiter/RetryingTest;"]);
        cf.methods[0].attributes.push(a);
        let b = annotations(cf, true, &["Lcom/acme/Test;"]);
        cf.attributes.push(b);
    }));
}

#[test]
fn a_test_annotation_on_any_method_makes_a_test_class() {
    for t in [
        "Lorg/junit/jupiter/api/Test;",
        "Lorg/junit/Test;",
        "Lorg/junit/jupiter/params/ParameterizedTest;",
        "Lorg/testng/annotations/Test;",
    ] {
        // Behind another annotation with a body: the reader must skip it to find this one.
        assert!(
            is_test_after(|cf| {
                let a = annotations(cf, true, &["Ljava/lang/Deprecated;", t]);
                cf.methods[0].attributes.push(a);
            }),
            "{t}"
        );
    }
}

#[test]
fn class_annotations_invisible_ones_and_junit3_count_too() {
    assert!(
        is_test_after(|cf| {
            let a = annotations(cf, false, &["Lorg/junit/jupiter/api/Nested;"]);
            cf.attributes.push(a);
        }),
        "a class annotation, invisible retention"
    );
    assert!(
        is_test_after(|cf| cf.super_class = cf.constant_pool.add_class(JUNIT3_TEST_CASE).unwrap()),
        "a JUnit 3 TestCase"
    );
}

#[test]
fn a_malformed_annotation_attribute_is_not_a_test_and_does_not_panic() {
    assert!(!is_test_after(|cf| {
        let name_index = cf.constant_pool.add_utf8("RuntimeVisibleAnnotations").unwrap();
        // Says two annotations, holds half of one.
        cf.methods[0].attributes.push(Attribute { name_index, info: AttributeInfo::Raw(Cow::Owned(vec![0, 2, 0])) });
    }));
}
