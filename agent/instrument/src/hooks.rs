//! Jazzer's `@MethodHook`s: hook methods that run before, instead of or after calls to a
//! target method, read from the hook classes' own bytes (`spec`) and applied at the call
//! sites of loading classes (`bridge`).
//!
//! A hook is applied where the call is, never inside the target: a hook on a JDK method works
//! for calls from instrumented code (and from `additionalClassesToHook`), as under Jazzer.
//! Matching is by the call's owner, name and (if the hook gives one) descriptor.

pub mod bridge;
pub mod spec;
#[cfg(test)]
mod tests;

pub use bridge::{append_bridges, Bridges};
pub use spec::{read_hooks, HookError};

/// When a hook runs, relative to the target call (Jazzer's `HookType`, in its order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HookType {
    Before,
    Replace,
    After,
}

/// One hook method and the calls it applies to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodHook {
    pub kind: HookType,
    /// Internal name of the class declaring the hook method.
    pub hook_class: String,
    pub hook_method: String,
    pub hook_descriptor: String,
    /// Internal name of the target's class (`java/lang/String`).
    pub target_class: String,
    /// `<init>` for constructors.
    pub target_method: String,
    /// Without the receiver, as Jazzer's `targetMethodDescriptor`; `None`: every overload.
    pub target_descriptor: Option<String>,
    /// Internal names of classes whose call sites are hooked even where nothing else of
    /// jvmfuzz applies (JDK classes, excluded classes).
    pub additional_classes: Vec<String>,
}

impl MethodHook {
    fn matches(&self, owner: &str, name: &str, descriptor: &str) -> bool {
        self.target_class == owner
            && self.target_method == name
            && self.target_descriptor.as_deref().is_none_or(|d| d == descriptor)
    }

    /// `Class.method` of the hook, for messages.
    pub fn hook_name(&self) -> String {
        format!("{}.{}", self.hook_class.replace('/', "."), self.hook_method)
    }
}

/// The hooks of a run, found by the target's method name (every invoke of every loading class
/// asks; a hundred detector hooks must not mean a hundred comparisons each time).
#[derive(Debug, Default, Clone)]
pub struct HookSet {
    hooks: Vec<MethodHook>,
    by_method: ahash::AHashMap<String, Vec<usize>>,
}

impl HookSet {
    pub fn new(hooks: Vec<MethodHook>) -> HookSet {
        let mut by_method: ahash::AHashMap<String, Vec<usize>> = ahash::AHashMap::new();
        for (i, h) in hooks.iter().enumerate() {
            by_method.entry(h.target_method.clone()).or_default().push(i);
        }
        HookSet { hooks, by_method }
    }

    pub fn is_empty(&self) -> bool {
        self.hooks.is_empty()
    }

    /// Hooks for a call to `owner.name descriptor`: BEFORE ones, then a REPLACE, then AFTER
    /// ones, each group in the order given. Jazzer allows one REPLACE hook and nothing else
    /// on a target; when more match, only the first REPLACE is applied.
    pub fn matching(&self, owner: &str, name: &str, descriptor: &str) -> Vec<&MethodHook> {
        let Some(candidates) = self.by_method.get(name) else { return Vec::new() };
        let mut found: Vec<&MethodHook> =
            candidates.iter().map(|&i| &self.hooks[i]).filter(|h| h.matches(owner, name, descriptor)).collect();
        if let Some(r) = found.iter().find(|h| h.kind == HookType::Replace) {
            return vec![*r];
        }
        found.sort_by_key(|h| h.kind);
        found
    }

    /// Whether `class` (internal name) declares hooks: hook classes are never hooked, so a
    /// hook may call its own target.
    pub fn is_hook_class(&self, class: &str) -> bool {
        self.hooks.iter().any(|h| h.hook_class == class)
    }

    /// Whether some hook names `class` (internal name) in `additionalClassesToHook`.
    pub fn is_additional(&self, class: &str) -> bool {
        self.hooks.iter().any(|h| h.additional_classes.iter().any(|c| c == class))
    }
}
