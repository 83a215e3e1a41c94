package contract;

import java.util.regex.Pattern;

/** A word as a whole-word pattern, unquoted (the bug of Choices(List, boolean)). */
final class Words {
    private Words() {
    }

    static Pattern compile(String word, boolean ignoreCase) {
        return Pattern.compile("\\b" + word + "\\b", ignoreCase ? Pattern.CASE_INSENSITIVE : 0);
    }
}
