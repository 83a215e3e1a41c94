package contract;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Alternatives the caller gives as patterns (commons-validator's RegexValidator(String...)),
 * each compiled when the object is made: an invalid one fails while a driver builds the
 * object, and is the caller's. Words are meant literally: compiling one unquoted inside a
 * pattern of the class's own is its bug.
 */
public final class Choices {
    private final Pattern[] patterns;

    public Choices(String... regexes) {
        patterns = new Pattern[regexes.length];
        for (int i = 0; i < regexes.length; i++) {
            patterns[i] = Pattern.compile(regexes[i]);
        }
    }

    public Choices(List<String> words, boolean ignoreCase) {
        patterns = new Pattern[words.size()];
        for (int i = 0; i < patterns.length; i++) {
            patterns[i] = Words.compile(words.get(i), ignoreCase);
        }
    }

    public boolean matches(String text) {
        for (Pattern p : patterns) {
            if (p.matcher(text).matches()) {
                return true;
            }
        }
        return false;
    }
}
