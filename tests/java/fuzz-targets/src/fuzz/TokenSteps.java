package fuzz;

import java.nio.charset.StandardCharsets;
import java.util.StringTokenizer;

/**
 * A parser that reads its tokens one call per line, as osgi's VersionRange does with a
 * StringTokenizer: a missing token ends every input in the same NoSuchElementException, and
 * the delimiters are compared inside the JDK only. No branch tells an input with one more
 * token from one with fewer; only a probe at the start of each line of calls does (JaCoCo's
 * probes, which Jazzer's coverage has). The delimiter is one character, so it is no
 * dictionary token either.
 */
public class TokenSteps {
    public static void fuzzerTestOneInput(byte[] data) {
        StringTokenizer st = new StringTokenizer(new String(data, StandardCharsets.ISO_8859_1), "|");
        try {
            String first = st.nextToken();
            String second = st.nextToken();
            String third = st.nextToken();
            String fourth = st.nextToken();
            String fifth = st.nextToken();
            String sixth = st.nextToken();
            String seventh = st.nextToken();
            String eighth = st.nextToken();
            throw new IllegalStateException("eight fields: " + first + second + third + fourth + fifth + sixth + seventh + eighth);
        } catch (java.util.NoSuchElementException missing) {
            // Too few fields: the parser's own error, not a bug.
        }
    }
}
