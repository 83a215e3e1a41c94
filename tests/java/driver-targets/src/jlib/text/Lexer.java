package jlib.text;

/** A lexer whose check method scans on (snakeyaml-engine's ScannerImpl.checkToken). */
public final class Lexer {
    private final String text;

    public Lexer(String text) {
        this.text = String.valueOf(text);
    }

    /** Whether the text starts with a "#hh" token. */
    public boolean next() {
        return checkNumber();
    }

    private boolean checkNumber() {
        return text.startsWith("#") && scanHex() >= 0;
    }

    /** Bug: reads two digits after "#" unchecked, past the end of "#" or "#a". */
    private int scanHex() {
        return Character.digit(text.charAt(1), 16) * 16 + Character.digit(text.charAt(2), 16);
    }
}
