//! Which classes the class-load hook rewrites: class-name globs with JaCoCo's semantics and
//! the rules no option can change (the JDK is out unless included by name; jvmfuzz itself
//! and what the probe runs before its re-entrancy guard are never in).

use once_cell::sync::Lazy;

/// Excluded when no `includes` is given: the JDK's packages (`java --describe-module` over
/// every module of JDK 17 and 25, exported or not).
const JDK_PACKAGES: &[&str] = &[
    "java.*",
    "javax.*",
    "jdk.*",
    "sun.*",
    "com.sun.*",
    "org.xml.sax.*",
    "org.ietf.jgss.*",
    "org.jcp.xml.dsig.internal.*",
    "netscape.javascript.*",
];
/// The JDK's packages under `org.w3c.dom`, each without its subpackages: libraries add their
/// own there (Batik's `org.w3c.dom.svg`), and those are theirs to instrument.
const JDK_DOM_PACKAGES: &[&str] = &[
    "org.w3c.dom",
    "org.w3c.dom.bootstrap",
    "org.w3c.dom.css",
    "org.w3c.dom.events",
    "org.w3c.dom.html",
    "org.w3c.dom.ls",
    "org.w3c.dom.ranges",
    "org.w3c.dom.stylesheets",
    "org.w3c.dom.traversal",
    "org.w3c.dom.views",
    "org.w3c.dom.xpath",
];
/// Never instrumented: jvmfuzz itself, and what `Probes.hit` runs before its guard
/// (ThreadLocal, Thread, java.lang.invoke, java.lang.ref, JDK internals).
const NEVER: &[&str] = &["com.jvmfuzz.*", "java.lang.*", "jdk.internal.*"];

// Compiled once: the filter runs for every class the JVM loads.
static JDK_GLOBS: Lazy<Vec<Glob>> = Lazy::new(|| JDK_PACKAGES.iter().map(|g| Glob::new(g)).collect());
static NEVER_GLOBS: Lazy<Vec<Glob>> = Lazy::new(|| NEVER.iter().map(|g| Glob::new(g)).collect());

/// A class-name glob (`*` any run, `?` one character), stored in dotted form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glob {
    pattern: Vec<char>,
}

impl Glob {
    pub fn new(pattern: &str) -> Self {
        Self { pattern: pattern.chars().map(|c| if c == '/' { '.' } else { c }).collect() }
    }

    pub fn as_string(&self) -> String {
        self.pattern.iter().collect()
    }

    /// Matches a dotted class name. Linear-time two-pointer matcher with backtracking to the
    /// last `*` only, so hostile patterns cannot blow up.
    pub fn matches(&self, name: &str) -> bool {
        let p = &self.pattern;
        let s: Vec<char> = name.chars().collect();
        let (mut pi, mut si) = (0usize, 0usize);
        let mut star: Option<(usize, usize)> = None;
        while si < s.len() {
            match p.get(pi) {
                Some('*') => {
                    star = Some((pi, si));
                    pi += 1;
                }
                Some(&c) if c == '?' || c == s[si] => {
                    pi += 1;
                    si += 1;
                }
                _ => match star {
                    Some((sp, ss)) => {
                        pi = sp + 1;
                        si = ss + 1;
                        star = Some((sp, ss + 1));
                    }
                    None => return false,
                },
            }
        }
        p[pi..].iter().all(|&c| c == '*')
    }
}

/// Whether `dotted` names a class of the JDK's own packages.
fn is_jdk(dotted: &str) -> bool {
    JDK_GLOBS.iter().any(|g| g.matches(dotted))
        || dotted.rsplit_once('.').is_some_and(|(package, _)| JDK_DOM_PACKAGES.contains(&package))
}

/// Which classes to instrument.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClassFilter {
    /// None = the default (everything outside the JDK).
    pub includes: Option<Vec<Glob>>,
    pub excludes: Vec<Glob>,
}

impl ClassFilter {
    /// `name` in internal (`com/acme/Foo`) or dotted form.
    pub fn accepts(&self, name: &str) -> bool {
        let dotted = name.replace('/', ".");
        let dotted = dotted.as_str();
        if NEVER_GLOBS.iter().any(|g| g.matches(dotted)) {
            return false;
        }
        let included = match &self.includes {
            Some(globs) => globs.iter().any(|g| g.matches(dotted)),
            None => !is_jdk(dotted),
        };
        included && !self.excludes.iter().any(|g| g.matches(dotted))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glob_semantics() {
        let g = Glob::new("com.acme.*");
        assert!(g.matches("com.acme.Foo"));
        assert!(g.matches("com.acme.sub.Foo$Bar"));
        assert!(!g.matches("com.acmex.Foo"));
        assert!(!g.matches("com.acme"));
        assert!(Glob::new("*").matches(""));
        assert!(Glob::new("Foo?").matches("Foo1"));
        assert!(!Glob::new("Foo?").matches("Foo"));
        assert!(Glob::new("*Test").matches("a.b.MyTest"));
        assert!(!Glob::new("*Test").matches("a.b.MyTests"));
        assert!(Glob::new("a*b*c").matches("a.x.b.y.c"));
        assert!(!Glob::new("a*b*c").matches("a.x.c.y.b"));
        assert!(Glob::new("com.*.Foo").matches("com.x.y.Foo"));
        // Worst case stays fast (would be exponential with naive recursion).
        let long = "a".repeat(5000);
        assert!(!Glob::new("*a*a*a*a*a*a*a*b").matches(&long));
    }

    #[test]
    fn default_filter_skips_jdk_and_jvmfuzz() {
        let f = ClassFilter::default();
        assert!(f.accepts("com/acme/Foo"));
        assert!(f.accepts("Main"));
        assert!(f.accepts("javafx/Foo"), "javafx is not java.*");
        for jdk in [
            "java/util/HashMap",
            "javax/crypto/Cipher",
            "jdk/internal/misc/Unsafe",
            "sun/misc/Unsafe",
            "com/sun/crypto/Foo",
            "com/jvmfuzz/shim/Probes",
            "org/xml/sax/helpers/XMLReaderFactory",
            "org/w3c/dom/Document",
            "org/w3c/dom/ls/LSInput",
            "org/ietf/jgss/GSSManager",
            "netscape/javascript/JSObject",
        ] {
            assert!(!f.accepts(jdk), "{jdk}");
        }
        // A library's own packages beside the JDK's.
        assert!(f.accepts("org/w3c/dom/svg/SVGDocument"));
        assert!(f.accepts("org/w3c/tidy/Tidy"));
        assert!(f.accepts("org/xmlpull/v1/XmlPullParser"));
    }
}
