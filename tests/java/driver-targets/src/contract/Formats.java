package contract;

import java.util.regex.Pattern;

/**
 * A format per country code (commons-validator's IBANValidator.Validator): the caller's
 * regular expression starts with the code, which the constructor cuts off and puts back.
 */
public final class Formats {
    private final Pattern pattern;

    /**
     * Contract: the pattern compiled is pieced together from the caller's two texts only, the
     * code and the rest of the regular expression, nothing of the library's in between.
     *
     * @param code the country code
     * @param regexWithCode the regular expression, which must start with the code
     */
    public Formats(String code, String regexWithCode) {
        if (code == null || regexWithCode == null) {
            throw new IllegalArgumentException("null");
        }
        pattern = Pattern.compile(code + regexWithCode.substring(Math.min(code.length(), regexWithCode.length())));
    }

    public boolean matches(String text) {
        return text != null && pattern.matcher(text).matches();
    }
}
