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

    /**
     * Writes an int's four bytes from the caller's offset on, never measuring the array itself
     * (jackson-core's ByteArrayUtil.setIntBE): too little room after the offset is the
     * caller's, contract. (The helper keeps offsets outside the array away, so that only the
     * short room fails here.)
     */
    public static void putInt(byte[] buffer, int offset, int value) {
        if (!inside(buffer, offset)) {
            return;
        }
        for (int i = 0; i < 4; i++) {
            buffer[offset + i] = (byte) (value >>> (24 - 8 * i));
        }
    }

    private static boolean inside(byte[] buffer, int offset) {
        return offset >= 0 && offset < buffer.length;
    }

    /**
     * Copies the caller's byte at its offset into a table of three it made, one place on: past
     * the end of that table, a bug (the caller's array is longer than the table whenever it
     * fails).
     */
    public static int[] spread(byte[] buffer, int offset) {
        int[] table = new int[3];
        if (offset >= 0 && offset < buffer.length - 1) {
            table[offset + 1] = buffer[offset];
        }
        return table;
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
