package jlib;

/**
 * Arrays the caller hands over to be written (jsoup's Entities.codepointsForName(name, int[]
 * codepoints)), whatever their names, beside the same index fault as a bug: reading past an
 * array, writing past one the method made.
 */
public final class Codes {
    private Codes() {}

    /** Writes up to two code points of the name into the caller's array: too short, contract. */
    public static int codepointsOf(String name, int[] codepoints) {
        if (name.length() >= 2) {
            codepoints[0] = name.codePointAt(0);
            codepoints[1] = name.codePointAt(1);
            return 2;
        }
        return 0;
    }

    /** Reads one past the end of the caller's array: a bug. */
    public static int lastOf(int[] values) {
        int sum = 0;
        for (int i = 0; i <= values.length; i++) {
            sum += values[i];
        }
        return sum;
    }

    /** Fills the caller's array one past its end, whatever its length: a bug (its own bound). */
    public static void fillAll(int[] values) {
        for (int i = 0; i <= values.length; i++) {
            values[i] = 7;
        }
    }

    /** Writes past the end of an array it made: a bug. */
    public static String[] twice(String a) {
        String[] r = new String[1];
        r[0] = a;
        if (!a.isEmpty()) {
            r[1] = a;
        }
        return r;
    }
}
