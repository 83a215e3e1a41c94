package fuzz;

import java.nio.charset.StandardCharsets;
import java.util.Scanner;
import java.util.regex.Pattern;

/**
 * Input checked by java.util.regex only, chosen by -Dregex.kind=NAME. The patterns are built at
 * run time (the class file holds them reversed, so the dictionary cannot offer their literals)
 * and matched inside the JDK, which is not instrumented: only the regex roadblocks show the
 * fuzzer what they want.
 */
public class RegexGate {
    private static final String KIND = System.getProperty("regex.kind", "");
    private static final String MARKER = rev(":wodniW[\\#");
    private static final Pattern SESSION = Pattern.compile(rev("}8{]f-a9-0[=noisses)i?("));
    private static final Pattern NEEDLE = Pattern.compile(rev("eldeen-neddih"));

    public static void fuzzerTestOneInput(byte[] data) {
        String s = new String(data, StandardCharsets.ISO_8859_1);
        switch (KIND) {
            case "scanner":
                scanner(s);
                break;
            case "matches":
                // Case-insensitive literal, then eight characters of a class.
                if (SESSION.matcher(s).matches()) {
                    throw new IllegalStateException("matched " + s);
                }
                break;
            case "find":
                if (NEEDLE.matcher(s).find()) {
                    throw new IllegalStateException("found the needle");
                }
                break;
            default:
                throw new IllegalArgumentException("set -Dregex.kind");
        }
    }

    /* A log line "#[Window: a b c": the marker, then three numbers (HdrHistogram's log format). */
    private static void scanner(String s) {
        Scanner sc = new Scanner(s);
        sc.useDelimiter("[ ,\\r\\n]");
        while (sc.hasNextLine()) {
            try {
                if (sc.hasNext(MARKER)) {
                    sc.next(MARKER);
                    double a = sc.nextDouble();
                    double b = sc.nextDouble();
                    double c = sc.nextDouble();
                    throw new IllegalStateException("window " + a + " " + b + " " + c);
                }
            } catch (java.util.NoSuchElementException e) {
                // A malformed line: the next one.
            }
            if (!sc.hasNextLine()) {
                break;
            }
            sc.nextLine();
        }
    }

    private static String rev(String s) {
        return new StringBuilder(s).reverse().toString();
    }
}
