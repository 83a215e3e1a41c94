package contract;

import java.math.BigDecimal;
import java.text.DecimalFormat;
import java.text.ParsePosition;

/**
 * Validators whose Javadoc @return answers invalid input by the result (commons-validator's
 * BigDecimalValidator: "The parsed value if valid or null if invalid"; its isValid: "true if
 * the value is valid").
 */
public final class Amounts {
    private Amounts() {}

    /**
     * The share of digits among the text's characters. Bug: an empty text makes 0 / 0, a NaN
     * that BigDecimal.valueOf refuses, where invalid input was promised a null (without the
     * promise the JDK refusing what the method passed on would be the caller's).
     *
     * @param value the text
     * @return the share if valid or {@code null} if invalid.
     */
    public static BigDecimal digitShare(String value) {
        if (value == null) {
            return null;
        }
        int digits = 0;
        for (int i = 0; i < value.length(); i++) {
            if (Character.isDigit(value.charAt(i))) {
                digits++;
            }
        }
        return BigDecimal.valueOf((double) digits / value.length());
    }

    /**
     * Whether the text's share of digits is a valid amount. Bug, at digitShare's site: a
     * predicate of validity answers invalid input with false (were it judged contract here,
     * the site would have a contract finding beside digitShare's bug).
     *
     * @param value the text
     * @return {@code true} if the value is valid.
     */
    public static boolean validShare(String value) {
        return digitShare(value) != null;
    }

    /**
     * Parses an amount with the caller's pattern. Contract: DecimalFormat refuses a malformed
     * pattern; beside the value judged, a second String argument may be what the JDK refused.
     *
     * @param value the text
     * @param pattern the DecimalFormat pattern
     * @return the amount if valid or {@code null} if invalid.
     */
    public static BigDecimal amount(String value, String pattern) {
        if (value == null || pattern == null) {
            return null;
        }
        DecimalFormat format = new DecimalFormat(pattern);
        format.setParseBigDecimal(true);
        ParsePosition at = new ParsePosition(0);
        Object n = format.parse(value, at);
        return at.getIndex() == value.length() && n instanceof BigDecimal ? (BigDecimal) n : null;
    }
}
