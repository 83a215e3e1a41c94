//! The natives' settings: `key=value` lines from the Java side; a list is a key given on
//! several lines.

pub struct Settings(Vec<(String, String)>);

impl Settings {
    pub fn parse(text: &str) -> Result<Settings, String> {
        let mut v = Vec::new();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let (k, val) = line.split_once('=').ok_or_else(|| format!("settings: no `=` in `{line}`"))?;
            v.push((k.trim().to_string(), val.to_string()));
        }
        Ok(Settings(v))
    }

    /// The last value given for `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    pub fn require(&self, key: &str) -> Result<&str, String> {
        self.get(key).ok_or_else(|| format!("settings: `{key}` missing"))
    }

    /// Every value given for `key`, in order (empty values left out).
    pub fn list(&self, key: &str) -> Vec<String> {
        self.0.iter().filter(|(k, v)| k == key && !v.is_empty()).map(|(_, v)| v.clone()).collect()
    }

    pub fn flag(&self, key: &str) -> Result<bool, String> {
        match self.get(key) {
            None | Some("false") => Ok(false),
            Some("true") => Ok(true),
            Some(other) => Err(format!("settings: `{key}={other}`: true or false")),
        }
    }

    /// A whole number, exact to 64 bits (a seed must not lose its low bits in an f64).
    pub fn integer(&self, key: &str) -> Result<Option<u64>, String> {
        self.get(key)
            .map(|v| v.trim().parse::<u64>().map_err(|_| format!("settings: `{key}` is not a whole number")))
            .transpose()
    }

    pub fn number(&self, key: &str) -> Result<Option<f64>, String> {
        self.get(key)
            .map(|v| v.trim().parse::<f64>().ok().filter(|n| n.is_finite() && *n >= 0.0))
            .map(|n| n.ok_or_else(|| format!("settings: `{key}` is not a non-negative number")))
            .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_flags_numbers_and_errors() {
        let s = Settings::parse("a=1\nseeds=x\nseeds=y\nseeds=\nf=true\n\nn=2.5\nbad=-1").unwrap();
        assert_eq!(s.get("a"), Some("1"));
        assert_eq!(s.list("seeds"), vec!["x", "y"]);
        assert!(s.flag("f").unwrap());
        assert!(!s.flag("missing").unwrap());
        assert_eq!(s.number("n").unwrap(), Some(2.5));
        assert!(s.number("bad").is_err());
        let s = Settings::parse("seed=18446744073709551557\nx=1.5").unwrap();
        assert_eq!(s.integer("seed").unwrap(), Some(18446744073709551557));
        assert!(s.integer("x").is_err());
        assert!(s.require("nope").is_err());
        assert!(Settings::parse("novalue").is_err());
    }
}
