package contract;

/**
 * The library's own exception type, documented: contract, also once the solver has loaded
 * its trace copy of the classes (another loader, another ParseFailure class). Only a text
 * that starts with "#!" fails, so the first failure comes while fuzzing, after the solver's
 * first trace, not while the first inputs are tried.
 */
public final class Parser {
    private Parser() {}

    /**
     * The number the digits of a text spell (other characters are skipped).
     *
     * @param text digits, perhaps among other characters
     * @return their value
     * @throws ParseFailure if the text is a script line ("#!...")
     */
    public static long parse(String text) {
        if (text.startsWith("#!")) {
            throw new ParseFailure("a script line is no number");
        }
        long n = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                n = n * 10 + (c - '0');
            }
        }
        return n;
    }
}
