package drv;

import java.text.ParseException;

/** Throws only what it declares or its own argument checks: never a finding by default. */
public final class Strict {
    private Strict() {}

    public static int parse(String text, int radix) throws ParseException {
        if (radix < 2 || radix > 36) {
            throw new IllegalArgumentException("radix " + radix);
        }
        if (text.isEmpty()) {
            throw new ParseException("empty", 0);
        }
        int v = 0;
        for (int i = 0; i < text.length(); i++) {
            int d = Character.digit(text.charAt(i), radix);
            if (d < 0) {
                throw new ParseException("not a digit", i);
            }
            v = v * radix + d;
        }
        return v;
    }
}
