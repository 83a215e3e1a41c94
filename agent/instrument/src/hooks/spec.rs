//! Reads `@MethodHook` (and its container `@MethodHooks`) from a hook class's bytes and checks
//! each hook method's signature as Jazzer does, so a wrong hook is refused at start-up with a
//! message naming the hook, not as a `VerifyError` in some target class later.

use jvmfuzz_classfile::attrs::{self, Annotation, ElementValue};
use jvmfuzz_classfile::descriptor::param_descriptors;
use jvmfuzz_classfile::{access, ClassFile};

use super::{HookType, MethodHook};

const METHOD_HOOK: &str = "Lcom/code_intelligence/jazzer/api/MethodHook;";
const METHOD_HOOKS: &str = "Lcom/code_intelligence/jazzer/api/MethodHooks;";
const HOOK_TYPE: &str = "Lcom/code_intelligence/jazzer/api/HookType;";
const OBJECT: &str = "Ljava/lang/Object;";

/// A hook class or hook method that cannot be used, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HookError {
    #[error("{class}: not a class file ({why})")]
    ClassFile { class: String, why: String },
    #[error("{hook}: {why}")]
    Invalid { hook: String, why: String },
}

/// The hooks declared by one class file; an empty list if it declares none.
pub fn read_hooks(class_bytes: &[u8]) -> Result<Vec<MethodHook>, HookError> {
    let cf = ClassFile::parse(class_bytes)
        .map_err(|e| HookError::ClassFile { class: "(hook class)".into(), why: e.to_string() })?;
    let cp = &cf.constant_pool;
    let class = cf.this_class_name().map_err(|e| HookError::ClassFile { class: "?".into(), why: e.to_string() })?;
    let mut out = Vec::new();
    for m in &cf.methods {
        let Some(raw) = m.attribute(cp, "RuntimeVisibleAnnotations").and_then(|a| a.raw()) else { continue };
        let (Ok(name), Ok(descriptor)) = (m.name(cp), m.descriptor(cp)) else { continue };
        let where_ = format!("{}.{name}", class.replace('/', "."));
        let anns =
            attrs::annotations(cp, raw).map_err(|e| HookError::Invalid { hook: where_.clone(), why: e.to_string() })?;
        for a in hook_annotations(&anns) {
            let hook = from_annotation(a, &class, &name, &descriptor)
                .map_err(|why| HookError::Invalid { hook: where_.clone(), why })?;
            verify(&hook, m.access_flags).map_err(|why| HookError::Invalid { hook: where_.clone(), why })?;
            out.push(hook);
        }
    }
    Ok(out)
}

/// `@MethodHook`s directly on the method and inside a `@MethodHooks` container (what javac
/// writes for a repeated annotation).
fn hook_annotations(anns: &[Annotation]) -> Vec<&Annotation> {
    let mut out = Vec::new();
    for a in anns {
        if a.type_descriptor == METHOD_HOOK {
            out.push(a);
        } else if a.type_descriptor == METHOD_HOOKS {
            if let Some(ElementValue::Array(items)) = a.element("value") {
                out.extend(items.iter().filter_map(|v| match v {
                    ElementValue::Annotation(inner) if inner.type_descriptor == METHOD_HOOK => Some(inner),
                    _ => None,
                }));
            }
        }
    }
    out
}

fn string(a: &Annotation, name: &str) -> Result<Option<String>, String> {
    match a.element(name) {
        None => Ok(None),
        Some(ElementValue::Str(s)) => Ok(Some(s.clone())),
        Some(_) => Err(format!("{name} must be a string")),
    }
}

fn from_annotation(a: &Annotation, class: &str, method: &str, descriptor: &str) -> Result<MethodHook, String> {
    let kind = match a.element("type") {
        Some(ElementValue::Enum { type_descriptor, name }) if type_descriptor == HOOK_TYPE => match name.as_str() {
            "BEFORE" => HookType::Before,
            "REPLACE" => HookType::Replace,
            "AFTER" => HookType::After,
            other => return Err(format!("unknown hook type {other}")),
        },
        _ => return Err("@MethodHook without a type".into()),
    };
    let target_class = string(a, "targetClassName")?.ok_or("@MethodHook without targetClassName")?;
    let target_method = string(a, "targetMethod")?.ok_or("@MethodHook without targetMethod")?;
    let target_descriptor = string(a, "targetMethodDescriptor")?.filter(|d| !d.trim().is_empty());
    if let Some(d) = &target_descriptor {
        if jvmfuzz_classfile::descriptor::parse_method(d).is_none() {
            return Err(format!("targetMethodDescriptor {d:?} is not a method descriptor, e.g. (Ljava/lang/String;)V"));
        }
    }
    let additional_classes = match a.element("additionalClassesToHook") {
        None => Vec::new(),
        Some(ElementValue::Array(items)) => items
            .iter()
            .map(|v| match v {
                ElementValue::Str(s) => Ok(s.replace('.', "/")),
                _ => Err("additionalClassesToHook must hold class names".to_string()),
            })
            .collect::<Result<_, _>>()?,
        Some(_) => return Err("additionalClassesToHook must be an array".into()),
    };
    Ok(MethodHook {
        kind,
        hook_class: class.to_string(),
        hook_method: method.to_string(),
        hook_descriptor: descriptor.to_string(),
        target_class: target_class.replace('.', "/"),
        target_method,
        target_descriptor,
        additional_classes,
    })
}

/// The wrapper class's descriptor of a primitive descriptor; others are their own.
pub(crate) fn wrapper(d: &str) -> &str {
    match d {
        "Z" => "Ljava/lang/Boolean;",
        "B" => "Ljava/lang/Byte;",
        "C" => "Ljava/lang/Character;",
        "S" => "Ljava/lang/Short;",
        "I" => "Ljava/lang/Integer;",
        "J" => "Ljava/lang/Long;",
        "F" => "Ljava/lang/Float;",
        "D" => "Ljava/lang/Double;",
        other => other,
    }
}

fn is_primitive(d: &str) -> bool {
    d.len() == 1 && d != "V"
}

/// Jazzer's rules: public static; `(MethodHandle, Object|Target, Object[], int)`, plus the
/// return value for AFTER; BEFORE and AFTER return void; REPLACE returns what the target
/// returns (or its wrapper, or Object; the target class for a constructor).
fn verify(h: &MethodHook, flags: u16) -> Result<(), String> {
    if flags & access::PUBLIC == 0 {
        return Err("hook method must be public".into());
    }
    if flags & access::STATIC == 0 {
        return Err("hook method must be static".into());
    }
    let params = param_descriptors(&h.hook_descriptor).ok_or("bad descriptor")?;
    let ret = h.hook_descriptor.rsplit(')').next().unwrap_or("");
    let expected = if h.kind == HookType::After { 5 } else { 4 };
    if params.len() != expected {
        return Err(format!("incorrect number of parameters (expected {expected})"));
    }
    if params[0] != "Ljava/lang/invoke/MethodHandle;" {
        return Err("first parameter must have type MethodHandle".into());
    }
    let target = format!("L{};", h.target_class);
    if params[1] != OBJECT && params[1] != target {
        return Err(format!("second parameter must have type Object or {}", h.target_class.replace('/', ".")));
    }
    if params[2] != "[Ljava/lang/Object;" {
        return Err("third parameter must have type Object[]".into());
    }
    if params[3] != "I" {
        return Err("fourth parameter must have type int".into());
    }
    let target_ret = h.target_descriptor.as_deref().and_then(|d| d.rsplit(')').next());
    match h.kind {
        HookType::Before | HookType::After if ret != "V" => return Err("return type must be void".into()),
        HookType::Replace => {
            if h.target_method == "<init>" {
                if ret != target && ret != OBJECT {
                    return Err(format!("return type must be {} to match the target constructor", h.target_class));
                }
            } else if let Some(tr) = target_ret {
                let ok = if tr == "V" { ret == "V" } else { ret == OBJECT || ret == tr || ret == wrapper(tr) };
                if !ok {
                    return Err(format!("return type must be Object, {tr} or {}", wrapper(tr)));
                }
            }
        }
        _ => {}
    }
    if h.kind == HookType::After {
        let p = params[4];
        match target_ret {
            Some(tr) if p != OBJECT && p != wrapper(tr) => {
                return Err(format!("fifth parameter must have type Object or match {}", wrapper(tr)));
            }
            _ if is_primitive(p) => {
                return Err("fifth parameter must not be a primitive type, use a boxed type instead".into());
            }
            _ => {}
        }
    }
    Ok(())
}
