package fuzz;

import java.io.File;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * Targets for the bug detectors: for each, a call whose dangerous part the input chooses (the
 * detector must fire), and a look-alike where it does not (no finding). -Ddetect.kind picks
 * one. Run only with no network and in a scratch folder (tests/tests/fuzz_detectors.rs):
 * nothing here must reach anything if a detector failed.
 */
public class Detect {
    static final String KIND = System.getProperty("detect.kind", "cmd");
    private static java.sql.Connection db;

    /** An in-memory H2 database with one table (H2 must be on the class path). */
    static java.sql.Connection db() throws java.sql.SQLException {
        if (db == null) {
            db = java.sql.DriverManager.getConnection("jdbc:h2:mem:detect");
            try (java.sql.Statement st = db.createStatement()) {
                st.execute("CREATE TABLE users(id INT PRIMARY KEY, name VARCHAR(64))");
                st.execute("INSERT INTO users VALUES (1, 'alice')");
            }
        }
        return db;
    }

    /** Lookups by prefix, as log4j's interpolator holds them (built at run time: no constants). */
    static final java.util.Map<String, Integer> LOOKUPS = new java.util.HashMap<>();

    static {
        for (String w : new String[] {"etad", "avaj", "idnj", "sys", "vne", "niam", "rekram", "xtc", "rewol", "reppu"}) {
            LOOKUPS.put(new StringBuilder(w).reverse().toString(), LOOKUPS.size());
        }
    }

    /**
     * log4j 2.14's message lookups in small: the first "${prefix:name}" of the text, the
     * prefix lower-cased and looked up, and the JNDI lookup's name put under java:comp/env/
     * when it has no scheme. The input must grow the ':' (an indexOf(char) the JDK answers),
     * turn its word into the keyword and fill the name, often empty (a "${jndi:}").
     */
    static void interpolate(String s) {
        int open = s.indexOf("${");
        int close = open < 0 ? -1 : s.indexOf("}", open + 2);
        if (close < 0) {
            return;
        }
        String var = s.substring(open + 2, close);
        int colon = var.indexOf(':');
        if (colon < 0) {
            return;
        }
        Integer lookup = LOOKUPS.get(var.substring(0, colon).toLowerCase(java.util.Locale.ROOT));
        String name = var.substring(colon + 1);
        if (lookup != null && lookup == 2) {
            try {
                new InitialContext().lookup(name.indexOf(':') >= 0 ? name : "java:comp/env/" + name);
            } catch (NamingException | IllegalArgumentException e) {
            }
        }
    }

    static String ldapEscape(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c == '\\' || c == '*' || c == '(' || c == ')' || c == 0) {
                b.append(String.format("\\%02x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    public static void fuzzerTestOneInput(byte[] data) throws Exception {
        String s = new String(data, StandardCharsets.ISO_8859_1);
        switch (KIND) {
            case "cmd": // five lowercase letters as the executable (PATH is empty in the test)
                if (s.length() == 5 && s.chars().allMatch(c -> c >= 'a' && c <= 'z')) {
                    try {
                        new ProcessBuilder(s, "--version").start().destroy();
                    } catch (IOException notFound) {
                    }
                }
                break;
            case "cmd-fixed": // the input is only an argument
                try {
                    new ProcessBuilder("jvmfuzz-no-such-tool", s).start().destroy();
                } catch (IOException notFound) {
                }
                break;
            case "class":
                if (s.startsWith("jaz")) {
                    try {
                        Class.forName(s, false, Detect.class.getClassLoader());
                    } catch (ClassNotFoundException | LinkageError | IllegalArgumentException e) {
                    }
                }
                break;
            case "class-fixed":
                Class.forName(s.isEmpty() ? "java.lang.String" : "java.lang.Integer");
                break;
            case "jndi":
                if (s.length() < 64) {
                    try {
                        new InitialContext().lookup(s);
                    } catch (NamingException | IllegalArgumentException e) {
                    }
                }
                break;
            case "jndi-relative": // log4j's rule: a name without a scheme goes under java:comp/env/
                if (s.length() < 64) {
                    try {
                        new InitialContext().lookup(s.indexOf(':') >= 0 ? s : "java:comp/env/" + s);
                    } catch (NamingException | IllegalArgumentException e) {
                    }
                }
                break;
            case "jndi-interpolated":
                interpolate(s);
                break;
            case "jndi-fixed":
                try {
                    new InitialContext().lookup("java:comp/env/" + s);
                } catch (NamingException | IllegalArgumentException e) {
                }
                break;
            case "regex":
                try {
                    Pattern.compile(s).matcher("abc").find();
                } catch (PatternSyntaxException userError) {
                }
                break;
            case "regex-fixed":
                Pattern.compile(Pattern.quote(s)).matcher("abc").find();
                s.split(",");
                break;
            case "redos": // eleven fields before a P: polynomial of degree 11 in the commas
                // (JDK 9+ memoises greedy loops, so "(a+)+" no longer blows up; this still does)
                Pattern.compile("^(.*?,){11}P").matcher(s).find();
                break;
            case "redos-string": // a backreference turns the memoisation off: exponential
                s.matches("(\\w+\\s?)*\\1!");
                break;
            case "redos-fixed": // linear patterns, one of them counted (a repeated group with a quantifier)
                Pattern.compile("^[\\w\\s]*$").matcher(s).matches();
                s.replaceAll("(ab+)+c", "x");
                s.split("(\\s*,\\s*)+");
                break;
            case "path":
                new File(new File("uploads"), s).exists();
                break;
            case "path-fixed":
                new File(new File("uploads"), s.replace("/", "_").replace("..", "_")).exists();
                break;
            case "ssrf":
                if (s.length() < 64) {
                    try (Socket socket = new Socket(s, 8080)) {
                    } catch (IOException | IllegalArgumentException e) {
                    }
                }
                break;
            case "ssrf-xml": // the JDK's XML parser fetches the DTD a document names, inside the JDK
                try {
                    javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                            .parse(new org.xml.sax.InputSource(new java.io.StringReader(s)));
                } catch (org.xml.sax.SAXException | IOException e) {
                }
                break;
            case "ssrf-xml-stax": // the JDK's StAX parser fetches the DTD a document names
                try {
                    javax.xml.stream.XMLStreamReader r = javax.xml.stream.XMLInputFactory.newInstance()
                            .createXMLStreamReader(new java.io.StringReader(s));
                    while (r.hasNext()) {
                        r.next();
                    }
                } catch (javax.xml.stream.XMLStreamException | RuntimeException e) {
                }
                break;
            case "ssrf-xml-allowed": // every run fetches a DTD over http, with every connection allowed
                try (com.code_intelligence.jazzer.api.SilentCloseable allow =
                        com.code_intelligence.jazzer.api.BugDetectors.allowNetworkConnections()) {
                    javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(
                            new org.xml.sax.InputSource(new java.io.StringReader(
                                    "<!DOCTYPE x SYSTEM \"http://dtd.invalid/x.dtd\"><x>" + s.replace('<', ' ') + "</x>")));
                } catch (org.xml.sax.SAXException | IOException e) {
                }
                break;
            case "ssrf-fixed":
                try (Socket socket = new Socket("localhost", 8000 + s.length() % 10)) {
                } catch (IOException e) {
                }
                break;
            case "sql": // a real database (H2, in memory) behind a concatenated query
                try (java.sql.Statement st = db().createStatement()) {
                    st.executeQuery("SELECT id FROM users WHERE name = '" + s + "'").close();
                } catch (java.sql.SQLException e) {
                }
                break;
            case "sql-fixed":
                try (java.sql.PreparedStatement st = db().prepareStatement("SELECT id FROM users WHERE name = ?")) {
                    st.setString(1, s);
                    st.executeQuery().close();
                }
                break;
            case "deser":
                try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(data))) {
                    in.readObject();
                } catch (java.io.IOException | ClassNotFoundException | RuntimeException e) {
                }
                break;
            case "deser-fixed": // a stream that only accepts strings
                try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(data))) {
                    in.setObjectInputFilter(info -> info.serialClass() == null || info.serialClass() == String.class
                            ? java.io.ObjectInputFilter.Status.ALLOWED : java.io.ObjectInputFilter.Status.REJECTED);
                    in.readObject();
                } catch (java.io.IOException | ClassNotFoundException | RuntimeException e) {
                }
                break;
            case "xxe":
                try {
                    javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                            .parse(new java.io.ByteArrayInputStream(data));
                } catch (org.xml.sax.SAXException | IOException e) {
                }
                break;
            case "xxe-fixed": // a parser that refuses DOCTYPEs
                try {
                    javax.xml.parsers.DocumentBuilderFactory f = javax.xml.parsers.DocumentBuilderFactory.newInstance();
                    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
                    f.newDocumentBuilder().parse(new java.io.ByteArrayInputStream(data));
                } catch (org.xml.sax.SAXException | IOException e) {
                }
                break;
            case "ldap":
                try {
                    new javax.naming.directory.InitialDirContext().search("ou=people,dc=example,dc=com",
                            "(&(objectClass=person)(uid=" + s + "))", new javax.naming.directory.SearchControls());
                } catch (NamingException e) {
                }
                break;
            case "ldap-fixed": // the value escaped as RFC 4515 says
                try {
                    new javax.naming.directory.InitialDirContext().search("ou=people,dc=example,dc=com",
                            "(&(objectClass=person)(uid=" + ldapEscape(s) + "))", new javax.naming.directory.SearchControls());
                } catch (NamingException e) {
                }
                break;
            case "xpath":
                try {
                    javax.xml.xpath.XPathFactory.newInstance().newXPath().evaluate(
                            "/users/user[name='" + s + "']/id", new org.xml.sax.InputSource(new java.io.StringReader("<users/>")));
                } catch (javax.xml.xpath.XPathExpressionException e) {
                }
                break;
            case "xpath-fixed": // the value as a variable
                try {
                    javax.xml.xpath.XPath x = javax.xml.xpath.XPathFactory.newInstance().newXPath();
                    x.setXPathVariableResolver(v -> s);
                    x.evaluate("/users/user[name=$name]/id", new org.xml.sax.InputSource(new java.io.StringReader("<users/>")));
                } catch (javax.xml.xpath.XPathExpressionException e) {
                }
                break;
            case "script":
                try {
                    ((javax.script.ScriptEngine) new TinyScriptEngine()).eval("print('" + s + "')");
                } catch (javax.script.ScriptException e) {
                }
                break;
            case "script-fixed": // the value as a properly quoted literal
                ((javax.script.ScriptEngine) new TinyScriptEngine()).eval("print('" + s.replace("\\", "\\\\").replace("'", "\\'") + "')");
                break;
            case "el":
                try {
                    org.mvel2.MVEL.eval("name == '" + s + "'", new java.util.HashMap<String, Object>(java.util.Map.of("name", "x")));
                } catch (RuntimeException e) {
                }
                break;
            case "el-fixed": // the value as a variable, and as a properly quoted literal
                org.mvel2.MVEL.eval("name == value", new java.util.HashMap<String, Object>(java.util.Map.of("name", "x", "value", s)));
                try {
                    org.mvel2.MVEL.eval("name == '" + s.replace("\\", "\\\\").replace("'", "\\'") + "'",
                            new java.util.HashMap<String, Object>(java.util.Map.of("name", "x")));
                } catch (RuntimeException e) {
                }
                break;
            case "ssrf-policy": // Jazzer's allow-list API: only localhost
                try (com.code_intelligence.jazzer.api.SilentCloseable allow =
                        com.code_intelligence.jazzer.api.BugDetectors.allowNetworkConnections(
                                (host, port) -> host.equals("localhost"))) {
                    String host = s.isEmpty() ? "localhost" : s;
                    try (Socket socket = new Socket(host, 8080)) {
                    } catch (IOException | IllegalArgumentException e) {
                    }
                }
                break;
            case "ssrf-allowed": // every connection allowed: not even the payload host is a finding
                try (com.code_intelligence.jazzer.api.SilentCloseable allow =
                        com.code_intelligence.jazzer.api.BugDetectors.allowNetworkConnections()) {
                    if (s.length() < 64) {
                        try (Socket socket = new Socket(s, 8080)) {
                        } catch (IOException | IllegalArgumentException e) {
                        }
                    }
                }
                break;
            case "path-allowed": // Jazzer's allow-list API: only under uploads/
                try (com.code_intelligence.jazzer.api.SilentCloseable allow =
                        com.code_intelligence.jazzer.api.BugDetectors.setFilePathTraversalAllowPath(
                                p -> p.startsWith(java.nio.file.Paths.get("uploads").toAbsolutePath()))) {
                    new File(new File("uploads"), s).exists();
                }
                break;
            case "path-target": // Jazzer's API: the file whose access is the finding
                try (com.code_intelligence.jazzer.api.SilentCloseable target =
                        com.code_intelligence.jazzer.api.BugDetectors.setFilePathTraversalTarget(
                                () -> java.nio.file.Paths.get("secret.txt"))) {
                    new File(new File("uploads"), s).exists();
                }
                break;
            default:
                throw new IllegalArgumentException(KIND);
        }
    }
}
