//! The exception a failed JNI call left pending, taken and described: what the agent puts in
//! its notes (a companion class the JVM refused) and `fuzz` in its set-up errors.

use jni::objects::{JObject, JString};
use jni::JNIEnv;

/// Clears the pending exception, if any, and returns its `toString()`; `None` when nothing
/// was pending or the text could not be had (a second exception from `toString` is cleared
/// too: the caller goes on with JNI calls, which a pending exception would make undefined).
pub fn take(env: &mut JNIEnv) -> Option<String> {
    let thrown = env.exception_occurred().ok().filter(|x| !x.is_null());
    let _ = env.exception_clear();
    let thrown = JObject::from(thrown?);
    let text = env.call_method(&thrown, "toString", "()Ljava/lang/String;", &[]).and_then(|v| v.l()).and_then(|s| {
        let s = JString::from(s);
        let text = env.get_string(&s).map(String::from);
        let _ = env.delete_local_ref(s);
        text
    });
    let _ = env.exception_clear();
    let _ = env.delete_local_ref(thrown);
    text.ok()
}
