package jlib.text;

/** A lexer whose check method scans on (snakeyaml-engine's ScannerImpl.checkToken). */
public final class Lexer {
    private final String text;

    public Lexer(String text) {
        this.text = String.valueOf(text);
    }

    /** The value of a "#hh" token, else 0. */
    public int next() {
        return checkNumber() ? scanHex() : 0;
    }

    private boolean checkNumber() {
        return text.startsWith("#") && scanHex() >= 0;
    }

    /** Contract: refuses other than hex digits. Bug: "#" at the end parses the empty rest. */
    private int scanHex() {
        String hex = text.substring(1, Math.min(text.length(), 3));
        for (char c : hex.toCharArray()) {
            if (Character.digit(c, 16) < 0) {
                throw new IllegalArgumentException("not a hex digit: " + c);
            }
        }
        return Integer.parseInt(hex, 16);
    }
}
