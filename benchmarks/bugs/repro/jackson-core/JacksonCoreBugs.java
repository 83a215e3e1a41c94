// jackson-core 3.3.0 (tools.jackson.core, the newest release Maven Central serves here on
// 2026-11-30), found by `fuzz --package tools.jackson.core` (generated drivers; run 58, the
// library's first run) and confirmed by hand on 3.3.0:
//  1. NumberInput.parseBigInteger("", true) (the fast parser, jackson's default for big
//     numbers) throws StringIndexOutOfBoundsException from the shaded FastDoubleParser, where
//     the method documents NumberFormatException, which the slow path throws
//     (jackson-core#1623, closed "will-not-fix"; FastDoubleParser#87, open).
//  2. JsonFactory.constructNameMatcher of the property name "" throws
//     ArrayIndexOutOfBoundsException from BinaryNameMatcher._decodeLast: "" is a valid JSON
//     property name (no report upstream found).
//  3. VersionUtil.parseVersion(".", g, a) (any text of separators only) throws
//     ArrayIndexOutOfBoundsException, where other text that is no version gives a version
//     (0.0.0 for "abc") and the Javadoc promises Version.unknownVersion() on failure (no
//     report upstream found).
//   java -cp jackson-core-3.3.0.jar JacksonCoreBugs.java
import java.util.List;
import tools.jackson.core.io.NumberInput;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.Named;
import tools.jackson.core.util.VersionUtil;

public class JacksonCoreBugs {
    static void attempt(String what, Runnable r) {
        try {
            r.run();
            System.out.println(what + ": returned");
        } catch (Throwable e) {
            System.out.println(what + ": threw " + e.getClass().getName() + ": "
                    + String.valueOf(e.getMessage()).split("\n")[0]);
        }
    }

    public static void main(String[] args) {
        attempt("1. NumberInput.parseBigInteger(\"\", true)", () -> NumberInput.parseBigInteger("", true));
        attempt("   NumberInput.parseBigInteger(\"\", false) (for comparison)", () -> NumberInput.parseBigInteger("", false));
        attempt("2. new JsonFactory().constructNameMatcher([\"\"], true)",
                () -> new JsonFactory().constructNameMatcher(List.<Named>of(Named.fromString("")), true));
        attempt("3. VersionUtil.parseVersion(\".\", \"g\", \"a\")", () -> VersionUtil.parseVersion(".", "g", "a"));
        attempt("   VersionUtil.parseVersion(\"abc\", \"g\", \"a\") (for comparison)",
                () -> System.out.print(VersionUtil.parseVersion("abc", "g", "a") + " "));
    }
}
