//! What grammar mode shows: the `k-paths` figure of the progress line, the closing summary,
//! and `grammar-coverage.json` (per path length: covered, possible, and the uncovered paths).

use std::path::Path;

use serde_json::json;

use super::GrammarMode;

/// Uncovered paths listed per length in the JSON.
const LISTED: usize = 500;

/// `covered/possible` k-paths of full length.
pub fn progress(g: &GrammarMode) -> (u64, u64) {
    let kp = g.kpaths();
    kp.counts(kp.k)
}

/// The summary line printed when the run ends.
pub fn summary(g: &GrammarMode) -> String {
    let (generated, parsed) = (super::derived(), super::seeds());
    let kp = g.kpaths();
    let (c, t) = kp.counts(kp.k);
    let (rc, rt) = kp.counts(1);
    let seeds = if parsed.1 > 0 {
        format!("; {} of {} seed inputs parsed into trees", parsed.0, parsed.1)
    } else {
        String::new()
    };
    format!("jvmfuzz: grammar: k-paths (k={}) {c}/{t}, rules {rc}/{rt}; {generated} inputs derived{seeds}", kp.k)
}

/// Writes `grammar-coverage.json` into `dir`.
pub fn write(g: &GrammarMode, dir: &Path, file_name: &str) -> std::io::Result<()> {
    let kp = g.kpaths();
    let mut per_k = serde_json::Map::new();
    for len in 1..=kp.k {
        let (covered, possible) = kp.counts(len);
        let uncovered: Vec<String> = kp
            .uncovered(len, LISTED)
            .into_iter()
            .map(|p| p.iter().map(|&s| g.symbols.get(s).map_or("?", String::as_str)).collect::<Vec<_>>().join(" > "))
            .collect();
        per_k.insert(len.to_string(), json!({ "covered": covered, "possible": possible, "uncovered": uncovered }));
    }
    let doc = json!({
        "grammar": g.spec.files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>(),
        "k": kp.k,
        "rules": g.symbols.len(),
        "kpaths": per_k,
    });
    let tmp = dir.join(format!(".{file_name}.tmp"));
    std::fs::write(&tmp, serde_json::to_vec_pretty(&doc).map_err(std::io::Error::other)?)?;
    std::fs::rename(tmp, dir.join(file_name))
}
