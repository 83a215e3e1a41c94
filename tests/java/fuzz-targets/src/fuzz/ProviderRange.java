package fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.util.NoSuchElementException;
import java.util.StringTokenizer;

/**
 * Two ranges such as "[1,2)" read as osgi's VersionRange reads them: a StringTokenizer, one
 * nextToken(delimiters) call per line, each text half of what the provider has left. A range
 * short of its closing bracket fails like one short of its comma (the same
 * NoSuchElementException), and the delimiters are compared inside the JDK only, so no
 * comparison names them; only the tokenizer hook says which the parser was reading to.
 */
public class ProviderRange {
    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        String left = data.consumeString(data.remainingBytes() / 2);
        String right = data.consumeRemainingAsString();
        if (range(left) && range(right)) {
            throw new IllegalStateException("two ranges: " + left + " " + right);
        }
    }

    private static boolean range(String text) {
        StringTokenizer st = new StringTokenizer(text, "[(", true);
        try {
            String open = st.nextToken().trim();
            if (open.isEmpty()) {
                open = st.nextToken();
            }
            if (!open.equals("[") && !open.equals("(")) {
                return false;
            }
            String low = st.nextToken(",");
            String comma = st.nextToken();
            String high = st.nextToken(")]");
            String close = st.nextToken();
            return low.length() + comma.length() + high.length() + close.length() > 0;
        } catch (NoSuchElementException tooShort) {
            return false;
        }
    }
}
