//! Jazzer's `@MethodHook`s: hook methods that run before, instead of or after calls to a
//! target method, read from the hook classes' own bytes (`spec`) and applied at the call
//! sites of loading classes (`bridge`).
//!
//! A hook is applied where the call is, never inside the target: a hook on a JDK method works
//! for calls from instrumented code (and from `additionalClassesToHook`), as under Jazzer.
//! Matching is by the call's owner, name and (if the hook gives one) descriptor. A hook on an
//! interface or abstract class also applies to calls whose owner is one of its subtypes, as
//! Jazzer's do: the run tells which ones through [`Supertypes`] ([`HookSet::with_subtypes`]).

pub mod bridge;
pub mod spec;
#[cfg(test)]
mod tests;

pub use bridge::{append_bridges, companion_class, Bridges, Companion, COMPANION_SUFFIX};
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

/// The class hierarchy as far as a run can tell it.
pub trait Supertypes: Send + Sync + std::fmt::Debug {
    /// The internal names of the classes and interfaces `class` extends or implements,
    /// transitively, as far as they can be found (empty when `class` itself cannot be).
    fn of(&self, class: &str) -> std::sync::Arc<[String]>;
}

/// The hooks of a run, found by the target's method name (every invoke of every loading class
/// asks; a hundred detector hooks must not mean a hundred comparisons each time).
#[derive(Debug, Default, Clone)]
pub struct HookSet {
    hooks: Vec<MethodHook>,
    by_method: ahash::AHashMap<String, Vec<usize>>,
    /// The hierarchy, and the target classes that are interfaces or abstract: their hooks apply
    /// to calls on their subtypes too.
    subtypes: Option<(std::sync::Arc<dyn Supertypes>, ahash::AHashSet<String>)>,
}

impl HookSet {
    pub fn new(hooks: Vec<MethodHook>) -> HookSet {
        let mut by_method: ahash::AHashMap<String, Vec<usize>> = ahash::AHashMap::new();
        for (i, h) in hooks.iter().enumerate() {
            by_method.entry(h.target_method.clone()).or_default().push(i);
        }
        HookSet { hooks, by_method, subtypes: None }
    }

    /// Hooks on the classes of `open` (interfaces and abstract classes) apply to calls whose
    /// owner `types` says is one of their subtypes.
    pub fn with_subtypes(mut self, types: std::sync::Arc<dyn Supertypes>, open: ahash::AHashSet<String>) -> HookSet {
        self.subtypes = Some((types, open));
        self
    }

    /// `class`'s supertypes, if the run gave the hierarchy ([`HookSet::with_subtypes`]).
    pub fn supertypes(&self, class: &str) -> Option<std::sync::Arc<[String]>> {
        self.subtypes.as_ref().map(|(types, _)| types.of(class))
    }

    /// The classes hooks target (internal names), each once.
    pub fn target_classes(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.hooks.iter().map(|h| h.target_class.as_str()).collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    pub fn is_empty(&self) -> bool {
        self.hooks.is_empty()
    }

    /// Hooks for a call to `owner.name descriptor`: BEFORE ones, then a REPLACE, then AFTER
    /// ones, each group in the order given. Jazzer allows one REPLACE hook and nothing else
    /// on a target; when more match, only the first REPLACE is applied.
    pub fn matching(&self, owner: &str, name: &str, descriptor: &str) -> Vec<&MethodHook> {
        let Some(candidates) = self.by_method.get(name) else { return Vec::new() };
        let mut supers: Option<std::sync::Arc<[String]>> = None;
        let mut found: Vec<&MethodHook> = candidates
            .iter()
            .map(|&i| &self.hooks[i])
            .filter(|h| h.matches(owner, name, descriptor) || self.matches_subtype(h, owner, descriptor, &mut supers))
            .collect();
        if let Some(r) = found.iter().find(|h| h.kind == HookType::Replace) {
            return vec![*r];
        }
        found.sort_by_key(|h| h.kind);
        found
    }

    /// `h` targets an interface or abstract class that `owner` extends or implements
    /// (`supers`: `owner`'s supertypes, looked up once per call).
    fn matches_subtype(
        &self,
        h: &MethodHook,
        owner: &str,
        descriptor: &str,
        supers: &mut Option<std::sync::Arc<[String]>>,
    ) -> bool {
        let Some((types, open)) = &self.subtypes else { return false };
        if h.target_class == owner
            || !open.contains(&h.target_class)
            || h.target_descriptor.as_deref().is_some_and(|d| d != descriptor)
            // A constructor is its own class's.
            || h.target_method == "<init>"
        {
            return false;
        }
        supers.get_or_insert_with(|| types.of(owner)).contains(&h.target_class)
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
