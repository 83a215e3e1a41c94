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
            case "ssrf-fixed":
                try (Socket socket = new Socket("localhost", 8000 + s.length() % 10)) {
                } catch (IOException e) {
                }
                break;
            default:
                throw new IllegalArgumentException(KIND);
        }
    }
}
