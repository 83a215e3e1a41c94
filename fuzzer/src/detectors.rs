//! Bug detectors: findings that throw nothing of the target's own (an injected command, a
//! class or JNDI name, an invalid or catastrophically backtracking regex, a path or host chosen
//! by the input). Each is a set of `@MethodHook`-style hooks on the calls where the harm would
//! happen, implemented in the shim
//! (`com.jvmfuzz.shim.detectors`, one class per detector, on the boot class path so every class
//! loader sees it), and applied at call sites like users' hooks. A hook checks before the call
//! runs and throws the finding (through `Jazzer.reportFindingFromHook`'s path, so a target that
//! catches everything cannot hide it); it also guides the fuzzer towards its payload.
//!
//! The table here gives each detector its fixed name, severity and CWE (in summary.json and
//! findings.sarif), Jazzer's sanitizer class (for `--disabled_hooks=`), and its hooks.

use jvmfuzz_instrument::hooks::{HookType, MethodHook};

const BEFORE_DESCRIPTOR: &str = "(Ljava/lang/invoke/MethodHandle;Ljava/lang/Object;[Ljava/lang/Object;I)V";
const AFTER_DESCRIPTOR: &str =
    "(Ljava/lang/invoke/MethodHandle;Ljava/lang/Object;[Ljava/lang/Object;ILjava/lang/Object;)V";

/// One hooked call: `target_class.method[descriptor]` -> `Class.hook` of the detector.
#[derive(Debug)]
struct Hook {
    class: &'static str,
    method: &'static str,
    descriptor: Option<&'static str>,
    hook: &'static str,
    /// BEFORE (checks the arguments) or AFTER (sets up the object the call returned).
    after: bool,
}

const fn on(class: &'static str, method: &'static str, descriptor: &'static str, hook: &'static str) -> Hook {
    Hook { class, method, descriptor: Some(descriptor), hook, after: false }
}

const fn all(class: &'static str, method: &'static str, hook: &'static str) -> Hook {
    Hook { class, method, descriptor: None, hook, after: false }
}

const fn after(class: &'static str, method: &'static str, hook: &'static str) -> Hook {
    Hook { class, method, descriptor: None, hook, after: true }
}

#[derive(Debug)]
pub struct Detector {
    pub name: &'static str,
    pub title: &'static str,
    /// What is a finding, in a sentence (SARIF's `fullDescription`).
    pub what: &'static str,
    /// `critical`, `high`, `medium` or `low` (Jazzer's FuzzerSecurityIssue levels).
    pub severity: &'static str,
    pub cwe: &'static str,
    /// The shim class holding the hooks (`com/jvmfuzz/shim/detectors/...`).
    class: &'static str,
    /// Jazzer's sanitizer class of the same bug kind, for `--disabled_hooks=`.
    pub jazzer: Option<&'static str>,
    hooks: &'static [Hook],
}

pub const DETECTORS: &[Detector] = &[
    Detector {
        name: "os-command-injection",
        title: "OS command injection",
        what: "The input chooses the executable that ProcessBuilder.start or Runtime.exec runs.",
        severity: "critical",
        cwe: "CWE-78",
        class: "OsCommandInjection",
        jazzer: Some("com.code_intelligence.jazzer.sanitizers.OsCommandInjection"),
        hooks: &[all("java/lang/ProcessBuilder", "start", "start"), all("java/lang/Runtime", "exec", "exec")],
    },
    Detector {
        name: "reflective-call",
        title: "Unsafe reflection",
        what: "The input names the class that Class.forName or ClassLoader.loadClass loads, or the library that System.load or loadLibrary loads.",
        severity: "high",
        cwe: "CWE-470",
        class: "ReflectiveCall",
        jazzer: Some("com.code_intelligence.jazzer.sanitizers.ReflectiveCall"),
        hooks: &[
            all("java/lang/Class", "forName", "loadClass"),
            on("java/lang/ClassLoader", "loadClass", "(Ljava/lang/String;)Ljava/lang/Class;", "loadClass"),
            all("java/lang/System", "load", "loadLibrary"),
            all("java/lang/System", "loadLibrary", "loadLibrary"),
            all("java/lang/Runtime", "load", "loadLibrary"),
            all("java/lang/Runtime", "loadLibrary", "loadLibrary"),
        ],
    },
    Detector {
        name: "jndi-lookup",
        title: "Remote JNDI lookup",
        what: "The input reaches Context.lookup with a name whose scheme (ldap:, rmi:, dns:, iiop:, corba: ...) reaches the network: the Log4Shell pattern.",
        severity: "critical",
        cwe: "CWE-74",
        class: "JndiLookup",
        jazzer: Some("com.code_intelligence.jazzer.sanitizers.NamingContextLookup"),
        hooks: &[
            all("javax/naming/Context", "lookup", "lookup"),
            all("javax/naming/Context", "lookupLink", "lookup"),
            all("javax/naming/InitialContext", "lookup", "lookup"),
            all("javax/naming/InitialContext", "lookupLink", "lookup"),
            all("javax/naming/directory/DirContext", "lookup", "lookup"),
            all("javax/naming/directory/InitialDirContext", "lookup", "lookup"),
        ],
    },
    Detector {
        name: "regex-injection",
        title: "Regular expression injection",
        what: "The input is compiled as a regular expression and breaks its syntax, or a match backtracks catastrophically (exponential or high-degree polynomial time, CWE-1333).",
        severity: "low",
        cwe: "CWE-625",
        class: "RegexInjection",
        jazzer: Some("com.code_intelligence.jazzer.sanitizers.RegexInjection"),
        hooks: &[
            all("java/util/regex/Pattern", "compile", "compile"),
            all("java/util/regex/Pattern", "matches", "patternMatches"),
            all("java/util/regex/Pattern", "matcher", "subject"),
            all("java/util/regex/Pattern", "split", "subject"),
            all("java/util/regex/Pattern", "splitAsStream", "subject"),
            on("java/util/regex/Matcher", "reset", "(Ljava/lang/CharSequence;)Ljava/util/regex/Matcher;", "reset"),
            all("java/lang/String", "matches", "stringMatches"),
            all("java/lang/String", "replaceAll", "stringFind"),
            all("java/lang/String", "replaceFirst", "stringFind"),
            all("java/lang/String", "split", "stringFind"),
        ],
    },
    Detector {
        name: "file-path-traversal",
        title: "Path traversal",
        what: "The input makes a file API leave the folder it resolves against (File, the file streams, Paths.get, Path.resolve; archive entries too).",
        severity: "high",
        cwe: "CWE-22",
        class: "FilePathTraversal",
        jazzer: Some("com.code_intelligence.jazzer.sanitizers.FilePathTraversal"),
        hooks: &[
            on("java/io/File", "<init>", "(Ljava/lang/String;)V", "path"),
            on("java/io/File", "<init>", "(Ljava/lang/String;Ljava/lang/String;)V", "child"),
            on("java/io/File", "<init>", "(Ljava/io/File;Ljava/lang/String;)V", "child"),
            on("java/io/FileInputStream", "<init>", "(Ljava/lang/String;)V", "path"),
            all("java/io/FileOutputStream", "<init>", "path"),
            on("java/io/FileReader", "<init>", "(Ljava/lang/String;)V", "path"),
            all("java/io/FileWriter", "<init>", "path"),
            on("java/io/RandomAccessFile", "<init>", "(Ljava/lang/String;Ljava/lang/String;)V", "path"),
            on("java/nio/file/Paths", "get", "(Ljava/lang/String;[Ljava/lang/String;)Ljava/nio/file/Path;", "path"),
            on("java/nio/file/Path", "of", "(Ljava/lang/String;[Ljava/lang/String;)Ljava/nio/file/Path;", "path"),
            on("java/nio/file/Path", "resolve", "(Ljava/lang/String;)Ljava/nio/file/Path;", "resolve"),
        ],
    },
    Detector {
        name: SSRF,
        title: "Server-side request forgery",
        what: "A harness connects where its policy (Jazzer's BugDetectors.allowNetworkConnections; by default none) does not allow, through Socket, SocketChannel, URL.openConnection or the JDK's own connections; with generated drivers, the input chooses the host of a connection or name lookup.",
        severity: "medium",
        cwe: "CWE-918",
        class: "ServerSideRequestForgery",
        jazzer: Some("com.code_intelligence.jazzer.sanitizers.ServerSideRequestForgery"),
        hooks: &[
            all("java/net/InetAddress", "getByName", "host"),
            all("java/net/InetAddress", "getAllByName", "host"),
            on("java/net/InetSocketAddress", "<init>", "(Ljava/lang/String;I)V", "unresolvedAddress"),
            on("java/net/Socket", "<init>", "(Ljava/lang/String;I)V", "host"),
            all("java/net/Socket", "connect", "address"),
            all("java/nio/channels/SocketChannel", "connect", "address"),
            all("java/nio/channels/SocketChannel", "open", "address"),
            all("java/net/URL", "openConnection", "url"),
            all("java/net/URL", "openStream", "url"),
            all("javax/xml/parsers/DocumentBuilder", "parse", "xmlParse"),
            all("javax/xml/parsers/SAXParser", "parse", "xmlParse"),
            all("org/xml/sax/XMLReader", "parse", "xmlParse"),
            all("javax/xml/stream/XMLInputFactory", "createXMLStreamReader", "xmlParse"),
            all("javax/xml/stream/XMLInputFactory", "createXMLEventReader", "xmlParse"),
        ],
    },
    Detector {
        name: "sql-injection",
        title: "SQL injection",
        what: "The input changes the syntax of an SQL query given to JDBC or JPA (an open quote, comment or parenthesis).",
        severity: "critical",
        cwe: "CWE-89",
        class: "SqlInjection",
        jazzer: Some("com.code_intelligence.jazzer.sanitizers.SqlInjection"),
        hooks: &[
            all("java/sql/Statement", "execute", "query"),
            all("java/sql/Statement", "executeQuery", "query"),
            all("java/sql/Statement", "executeUpdate", "query"),
            all("java/sql/Statement", "executeLargeUpdate", "query"),
            all("java/sql/Statement", "addBatch", "query"),
            all("java/sql/Connection", "prepareStatement", "query"),
            all("java/sql/Connection", "prepareCall", "query"),
            all("java/sql/Connection", "nativeSQL", "query"),
            all("javax/persistence/EntityManager", "createNativeQuery", "query"),
            all("javax/persistence/EntityManager", "createQuery", "query"),
            all("jakarta/persistence/EntityManager", "createNativeQuery", "query"),
            all("jakarta/persistence/EntityManager", "createQuery", "query"),
        ],
    },
    Detector {
        name: "deserialization",
        title: "Unsafe deserialization",
        what: "The input reaches ObjectInputStream.readObject and makes it create an object of a class the input chose.",
        severity: "critical",
        cwe: "CWE-502",
        class: "Deserialization",
        jazzer: Some("com.code_intelligence.jazzer.sanitizers.Deserialization"),
        hooks: &[on("java/io/ObjectInputStream", "<init>", "(Ljava/io/InputStream;)V", "stream")],
    },
    Detector {
        name: "ldap-injection",
        title: "LDAP injection",
        what: "The input changes the syntax (RFC 4515) of a DirContext.search filter.",
        severity: "high",
        cwe: "CWE-90",
        class: "LdapInjection",
        jazzer: Some("com.code_intelligence.jazzer.sanitizers.LdapInjection"),
        hooks: &[
            all("javax/naming/directory/DirContext", "search", "search"),
            all("javax/naming/directory/InitialDirContext", "search", "search"),
            all("javax/naming/ldap/LdapContext", "search", "search"),
            all("javax/naming/ldap/InitialLdapContext", "search", "search"),
        ],
    },
    Detector {
        name: "xpath-injection",
        title: "XPath injection",
        what: "The input changes the syntax of an XPath expression that is compiled or evaluated.",
        severity: "high",
        cwe: "CWE-643",
        class: "XPathInjection",
        jazzer: Some("com.code_intelligence.jazzer.sanitizers.XPathInjection"),
        hooks: &[
            all("javax/xml/xpath/XPath", "compile", "expression"),
            all("javax/xml/xpath/XPath", "evaluate", "expression"),
            all("javax/xml/xpath/XPath", "evaluateExpression", "expression"),
        ],
    },
    Detector {
        name: "expression-language-injection",
        title: "Expression language injection",
        what: "The input writes code, outside string literals, for an EL, SpEL, OGNL, MVEL or JEXL evaluation.",
        severity: "critical",
        cwe: "CWE-917",
        class: "ExpressionLanguageInjection",
        jazzer: Some("com.code_intelligence.jazzer.sanitizers.ExpressionLanguageInjection"),
        hooks: &[
            all("javax/el/ExpressionFactory", "createValueExpression", "second"),
            all("javax/el/ExpressionFactory", "createMethodExpression", "second"),
            all("jakarta/el/ExpressionFactory", "createValueExpression", "second"),
            all("jakarta/el/ExpressionFactory", "createMethodExpression", "second"),
            all("org/springframework/expression/ExpressionParser", "parseExpression", "first"),
            all("org/springframework/expression/spel/standard/SpelExpressionParser", "parseExpression", "first"),
            all("ognl/Ognl", "parseExpression", "first"),
            all("ognl/Ognl", "getValue", "first"),
            all("ognl/Ognl", "setValue", "first"),
            all("org/mvel2/MVEL", "eval", "first"),
            all("org/mvel2/MVEL", "compileExpression", "first"),
            all("org/apache/commons/jexl3/JexlEngine", "createExpression", "first"),
            all("org/apache/commons/jexl3/JexlEngine", "createScript", "first"),
            all("org/apache/commons/jexl2/JexlEngine", "createExpression", "first"),
            all("org/apache/commons/jexl2/JexlEngine", "createScript", "first"),
        ],
    },
    Detector {
        name: "script-engine-injection",
        title: "Script engine injection",
        what: "The input writes code, outside string literals, for ScriptEngine.eval or Compilable.compile.",
        severity: "critical",
        cwe: "CWE-94",
        class: "ScriptEngineInjection",
        jazzer: Some("com.code_intelligence.jazzer.sanitizers.ScriptEngineInjection"),
        hooks: &[
            all("javax/script/ScriptEngine", "eval", "eval"),
            all("javax/script/AbstractScriptEngine", "eval", "eval"),
            all("javax/script/Compilable", "compile", "eval"),
        ],
    },
    Detector {
        name: "xml-external-entity",
        title: "XML external entity",
        what: "The input declares an external entity that an XML parser from the JAXP factories resolves.",
        severity: "high",
        cwe: "CWE-611",
        class: "XmlExternalEntity",
        jazzer: None,
        hooks: &[
            after("javax/xml/parsers/DocumentBuilderFactory", "newDocumentBuilder", "documentBuilder"),
            after("javax/xml/parsers/SAXParserFactory", "newSAXParser", "saxParser"),
            after("javax/xml/parsers/SAXParser", "getXMLReader", "xmlReader"),
            after("org/xml/sax/helpers/XMLReaderFactory", "createXMLReader", "xmlReader"),
            all("javax/xml/stream/XMLInputFactory", "createXMLStreamReader", "stax"),
            all("javax/xml/stream/XMLInputFactory", "createXMLEventReader", "stax"),
            all("javax/xml/parsers/DocumentBuilder", "parse", "parse"),
            all("javax/xml/parsers/SAXParser", "parse", "parse"),
            all("org/xml/sax/XMLReader", "parse", "parse"),
        ],
    },
];

/// The name of the detector whose rule for a harness covers the JDK's own connections.
pub const SSRF: &str = "server-side-request-forgery";

/// The detectors a run uses: all, less `--disable-detectors`, or only `--detectors`.
pub fn select(only: &[String], disabled: &[String]) -> Result<Vec<&'static Detector>, String> {
    let names = |list: &[String]| -> Vec<String> {
        list.iter()
            .flat_map(|l| l.split([',', ':']))
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect()
    };
    let (only, disabled) = (names(only), names(disabled));
    if only.iter().any(|n| n == "none") {
        return Ok(Vec::new());
    }
    for n in only.iter().chain(&disabled) {
        if by_name(n).is_none() && by_jazzer_name(n).is_none() {
            return Err(format!(
                "unknown detector `{n}`; the detectors are: {}",
                DETECTORS.iter().map(|d| d.name).collect::<Vec<_>>().join(", ")
            ));
        }
    }
    let named = |d: &Detector, list: &[String]| list.iter().any(|n| n == d.name || d.jazzer == Some(n.as_str()));
    Ok(DETECTORS.iter().filter(|d| (only.is_empty() || named(d, &only)) && !named(d, &disabled)).collect())
}

pub fn by_name(name: &str) -> Option<&'static Detector> {
    DETECTORS.iter().find(|d| d.name == name)
}

/// The detector of one of Jazzer's sanitizer classes (`com.code_intelligence.jazzer.sanitizers.X`).
pub fn by_jazzer_name(class: &str) -> Option<&'static Detector> {
    DETECTORS.iter().find(|d| d.jazzer == Some(class))
}

/// The detector of a finding: its exception is the shim's `SecurityIssue`, whose message
/// starts with the detector's name.
pub fn of_finding(exception: &str, message: &str) -> Option<&'static Detector> {
    if exception != "com.jvmfuzz.shim.detectors.SecurityIssue" {
        return None;
    }
    by_name(message.split(':').next()?)
}

/// The hooks of `detectors`, for the class-load pipeline.
pub fn hooks(detectors: &[&Detector]) -> Vec<MethodHook> {
    detectors
        .iter()
        .flat_map(|d| {
            d.hooks.iter().map(|h| MethodHook {
                kind: if h.after { HookType::After } else { HookType::Before },
                hook_class: format!("com/jvmfuzz/shim/detectors/{}", d.class),
                hook_method: h.hook.to_string(),
                hook_descriptor: if h.after { AFTER_DESCRIPTOR } else { BEFORE_DESCRIPTOR }.to_string(),
                target_class: h.class.to_string(),
                target_method: h.method.to_string(),
                target_descriptor: h.descriptor.map(String::from),
                additional_classes: Vec::new(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use jvmfuzz_classfile::ClassFile;
    use std::io::Read;

    #[test]
    fn selection_by_our_names_and_jazzers_and_unknown_names_are_refused() {
        assert_eq!(select(&[], &[]).unwrap().len(), DETECTORS.len());
        assert!(select(&["none".into()], &[]).unwrap().is_empty());
        let only = select(&["regex-injection,jndi-lookup".into()], &[]).unwrap();
        assert_eq!(only.iter().map(|d| d.name).collect::<Vec<_>>(), ["jndi-lookup", "regex-injection"]);
        let less = select(&[], &["com.code_intelligence.jazzer.sanitizers.OsCommandInjection".into()]).unwrap();
        assert!(less.iter().all(|d| d.name != "os-command-injection") && less.len() == DETECTORS.len() - 1);
        let e = select(&["sql".into()], &[]).unwrap_err();
        assert!(e.contains("`sql`") && e.contains("os-command-injection"), "{e}");
    }

    #[test]
    fn every_hook_method_exists_in_the_shim_with_jazzers_signature() {
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(jvmfuzz_jvm::SHIM_JAR)).unwrap();
        for h in hooks(&select(&[], &[]).unwrap()) {
            let mut bytes = Vec::new();
            zip.by_name(&format!("{}.class", h.hook_class)).unwrap().read_to_end(&mut bytes).unwrap();
            let cf = ClassFile::parse(&bytes).unwrap();
            let cp = &cf.constant_pool;
            let found = cf.methods.iter().any(|m| {
                m.name(cp).unwrap() == h.hook_method
                    && m.descriptor(cp).unwrap() == h.hook_descriptor
                    && m.access_flags & 0x0009 == 0x0009
            });
            assert!(found, "{}.{} missing or not public static", h.hook_class, h.hook_method);
        }
    }

    #[test]
    fn findings_name_their_detector() {
        let d = of_finding("com.jvmfuzz.shim.detectors.SecurityIssue", "regex-injection: bad pattern").unwrap();
        assert_eq!((d.severity, d.cwe), ("low", "CWE-625"));
        assert!(of_finding("java.lang.RuntimeException", "regex-injection: x").is_none());
    }
}
