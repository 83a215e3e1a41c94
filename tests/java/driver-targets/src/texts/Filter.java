package texts;

/**
 * A filter configured with a pattern and a quote character (opencsv's
 * MustMatchRegexExpression.setParameterString and AbstractCSVParser's quote).
 */
public final class Filter {
    private String pattern = "x";
    private char quote = '"';

    /** Sets the pattern the filter matches with. */
    public void setPattern(String pattern) {
        this.pattern = pattern;
    }

    /** Sets the quote character the filter strips. */
    public void setQuote(char quote) {
        this.quote = quote;
    }

    /** Contract: compiles the pattern the caller configured the filter with. */
    public boolean accepts(String value) {
        return java.util.regex.Pattern.compile(pattern).matcher(value).matches();
    }

    /** Bug: compiles the quote character as a pattern, which no caller wrote as one. */
    public String unquote(String value) {
        return value.replaceAll(String.valueOf(quote), "");
    }
}
