//! Grammars for single parameters: a String or byte[] parameter of a generated driver
//! (`--param-grammar`) or of a JUnit fuzz test (`@Grammar`) gets a string derived from a
//! grammar. The typed-value decoder passes the next bytes of the input to the native
//! `com.jvmfuzz.shim.fuzz.Grammars.derive`, which reads them as the derivation's choices (as
//! JQF's generators read theirs): every byte string decodes to a well-formed string, equal
//! bytes give equal strings, and a mutated byte changes the decisions from there on. Past the
//! last byte every draw is zero; the derivation still ends, because Nautilus only picks rules
//! that fit the remaining size budget.

use std::collections::HashMap;
use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::Mutex;

use jni::objects::{JByteArray, JClass, JString};
use jni::sys::jbyteArray;
use jni::{JNIEnv, NativeMethod};
use libafl::common::nautilus::grammartec::tree::{Tree, TreeLike};
use libafl_bolts::rands::Rand;

use super::{GrammarError, GrammarMode, GrammarSpec};

const GRAMMARS_CLASS: &str = "com/jvmfuzz/shim/fuzz/Grammars";
/// Derivation trees of a parameter are kept smaller than whole inputs': a parameter is one
/// value among others.
pub const PARAM_MAX_NODES: usize = 120;

type Key = (PathBuf, Option<String>);

static LOADED: Mutex<Option<HashMap<Key, Result<&'static GrammarMode, String>>>> = Mutex::new(None);

/// The grammar of `file` (from `start`), loaded once per process.
pub fn load(file: &std::path::Path, start: Option<&str>) -> Result<&'static GrammarMode, String> {
    let key = (file.to_path_buf(), start.map(str::to_string));
    let mut guard = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    let map = guard.get_or_insert_with(HashMap::new);
    map.entry(key)
        .or_insert_with(|| {
            let spec = GrammarSpec {
                files: vec![file.to_path_buf()],
                start: start.map(str::to_string),
                kpath: 1,
                max_nodes: PARAM_MAX_NODES,
                byte_share: 0,
                kpath_feedback: false,
            };
            GrammarMode::load(&spec)
                .map(|g| &*Box::leak(Box::new(g)))
                .map_err(|e: GrammarError| format!("grammar {}: {e}", file.display()))
        })
        .clone()
}

/// The string `choices` select from grammar `g`.
pub fn derive(g: &GrammarMode, choices: &[u8]) -> Vec<u8> {
    let ctx = &g.nautilus.ctx;
    let mut rand = ChoiceBytes { bytes: choices, at: 0 };
    let start = ctx.nt_id(super::compile::START);
    let mut tree = Tree { rules: Vec::new(), sizes: Vec::new(), paren: Vec::new() };
    tree.generate_from_nt(&mut rand, start, ctx.get_random_len_for_nt(&start), ctx);
    tree.unparse_to_vec(ctx)
}

/// The input's bytes as Nautilus's random source: one byte per draw, then zeros.
#[derive(Debug)]
struct ChoiceBytes<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Rand for ChoiceBytes<'_> {
    fn set_seed(&mut self, _seed: u64) {}

    fn next(&mut self) -> u64 {
        let b = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        // Spread over the whole range: a draw below n is then about b * n / 256.
        u64::from(b).wrapping_mul(0x0101_0101_0101_0101)
    }
}

/// Binds `Grammars.derive(String file, String start, byte[] choices)`.
pub fn register(env: &mut JNIEnv) -> Result<(), String> {
    let class = env.find_class(GRAMMARS_CLASS).map_err(|e| {
        let _ = env.exception_clear();
        format!("FindClass {GRAMMARS_CLASS}: {e}")
    })?;
    let methods = [NativeMethod {
        name: "derive".into(),
        sig: "(Ljava/lang/String;Ljava/lang/String;[B)[B".into(),
        fn_ptr: derive_native as *mut c_void,
    }];
    let r = env.register_native_methods(&class, &methods).map_err(|e| {
        let _ = env.exception_clear();
        format!("RegisterNatives {GRAMMARS_CLASS}: {e}")
    });
    let _ = env.delete_local_ref(class);
    r
}

extern "system" fn derive_native<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    file: JString<'l>,
    start: JString<'l>,
    choices: JByteArray<'l>,
) -> jbyteArray {
    // Never unwind into the JVM.
    let out = catch_unwind(AssertUnwindSafe(|| -> Result<Vec<u8>, String> {
        let file: String = env.get_string(&file).map_err(|e| e.to_string())?.into();
        let start: Option<String> =
            if start.is_null() { None } else { Some(env.get_string(&start).map_err(|e| e.to_string())?.into()) };
        let bytes = env.convert_byte_array(&choices).map_err(|e| e.to_string())?;
        let g = load(std::path::Path::new(&file), start.as_deref().filter(|s| !s.is_empty()))?;
        Ok(derive(g, &bytes))
    }))
    .unwrap_or_else(|_| Err("the grammar derivation failed (internal error)".into()));
    match out.and_then(|b| env.byte_array_from_slice(&b).map_err(|e| e.to_string())) {
        Ok(a) => a.into_raw(),
        Err(msg) => {
            let _ = env.throw_new("java/lang/IllegalArgumentException", msg);
            std::ptr::null_mut()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_decide_the_derivation_and_always_give_a_well_formed_string() {
        let dir = std::env::temp_dir().join(format!("jvmfuzz-params-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("calc.json");
        std::fs::write(&file, r#"[["E", "{E}+{E}"], ["E", "({E})"], ["E", "1"], ["E", "2"]]"#).unwrap();
        let g = load(&file, None).unwrap();
        let empty = derive(g, &[]);
        assert!(empty == b"1" || empty == b"2", "no bytes: a smallest derivation, got {empty:?}");
        let a = derive(g, &[200, 17, 99, 250, 3, 180, 77]);
        assert_eq!(a, derive(g, &[200, 17, 99, 250, 3, 180, 77]), "same bytes, same string");
        let mut distinct = std::collections::HashSet::new();
        for seed in 0u8..=255 {
            let bytes: Vec<u8> = (0..32).map(|i| seed.wrapping_mul(31).wrapping_add(i * 7)).collect();
            let s = derive(g, &bytes);
            let parsed = super::super::parse::parse(&g.nautilus.ctx, &g.accept, &s);
            assert!(parsed.is_some(), "{:?} is in the language", String::from_utf8_lossy(&s));
            distinct.insert(s);
        }
        assert!(distinct.len() > 20, "bytes reach many derivations: {}", distinct.len());
        assert!(load(&dir.join("missing.g4"), None).err().is_some_and(|e| e.contains("missing.g4")));
    }
}
