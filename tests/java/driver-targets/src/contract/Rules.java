package contract;

import java.util.List;

/**
 * One method per contract rule of the generated drivers (the shim's Expected) and, beside it, a
 * method where the same exception type is a bug. tests/tests/fuzz_drivers.rs checks the kind
 * and reason summary.json gives each.
 */
public final class Rules {
    private Rules() {}

    /** Contract: IllegalArgumentException from its own argument check. */
    public static int percent(int p) {
        if (p < 0 || p > 100) {
            throw new IllegalArgumentException("not a percentage: " + p);
        }
        return p;
    }

    /** Bug: an IllegalArgumentException the JDK throws on a value the method computed. */
    public static String pad(int n) {
        // A count no argument can equal (n would have to be MIN_VALUE + 7 + its own low byte).
        return " ".repeat(Integer.MIN_VALUE + 7 + (n & 0xff));
    }

    /** Contract: a validate* helper rejects the index. */
    public static char at(String s, int index) {
        validateIndex(s, index);
        return s.charAt(index);
    }

    private static void validateIndex(String s, int index) {
        if (index < 0 || index >= s.length()) {
            throw new IndexOutOfBoundsException("index " + index + " outside 0.." + s.length());
        }
    }

    /** Contract: the JDK's bounds check on an index the caller passed (its message names it). */
    public static String prefix(String s, int n) {
        return s.substring(0, n);
    }

    /**
     * Contract: a negative count the caller passed, down to the JDK's bounds check through a
     * helper (snakeyaml-engine's StreamReader.prefixForward); longer ones are cut.
     */
    public static String head(String s, int n) {
        return n > s.length() ? s : firstChars(s, n);
    }

    private static String firstChars(String s, int n) {
        return s.substring(0, n);
    }

    /**
     * Bug: a width the caller passed, down to the JDK's bounds check through a helper: a size
     * the method should have clamped (commons-text's WordUtils.wrap); negative ones are refused.
     */
    public static String columns(String s, int width) {
        return width < 0 ? s : leadingChars(s, width);
    }

    private static String leadingChars(String s, int n) {
        return s.substring(0, n);
    }

    /** Bug: the JDK's bounds check on an index the method computed. */
    public static String tail(String s) {
        return s.substring(s.length() + 1);
    }

    /** Contract: an index check of its own. */
    public static int slot(int[] values, int i) {
        if (i < 0 || i >= values.length) {
            throw new IndexOutOfBoundsException("slot " + i + " of " + values.length);
        }
        return values[i];
    }

    /** Contract: the JVM's index check on the index the caller passed. */
    public static int pick(int[] values, int i) {
        return values.length == 0 ? -1 : values[i];
    }

    /** Bug: the JVM's index fault on an index it computed. */
    public static int lastSlot(int[] values) {
        return values.length == 0 ? -1 : values[values.length];
    }

    /** Contract: a null check of its own. */
    public static int name(String s) {
        if (s.isEmpty()) {
            throw new NullPointerException("no name");
        }
        return s.length();
    }

    /** Bug: the JVM's null fault on a value of its own. */
    public static int nickname(String s) {
        String t = s.isEmpty() ? null : s.trim();
        return t.length();
    }

    /** Contract: it takes a regular expression (an invalid one is the caller's). */
    public static boolean matches(String text, String regex) {
        return text.matches(regex);
    }

    /**
     * Contract: it substitutes with the replacement it is given (Matcher rejects a '$' or '\\'
     * it cannot read). The pattern matches everywhere, the empty text too, and has groups 1-9,
     * so a bad replacement is an IllegalArgumentException only. String.replaceAll is a call
     * the detectors hook: the exception comes through jvmfuzz's bridge method.
     */
    public static String substitute(String text, String replacement) {
        return text.replaceAll("()()()()()()()()()", replacement);
    }

    /**
     * No finding: it takes an enum class (commons-csv's setHeader(Class<? extends Enum<?>>));
     * a class that is no enum has no constants (null), but the compiler refuses one here.
     */
    public static int constants(Class<? extends Enum<?>> type) {
        return type.getEnumConstants().length;
    }

    /** Bug (regex-injection): it builds a pattern from its input. */
    public static boolean group(String text) {
        return "x".matches("(" + text);
    }

    /** Contract: an array as large as the caller asks (a negative size fails). */
    public static int table(int size) {
        if (size > 4096) {
            return -2; // keeps the test's allocations small
        }
        int[] t = new int[size];
        return t.length == 0 ? -1 : t.length;
    }

    /**
     * Bug: an array size it computed, negative for every input. From a text's length, not an
     * int argument: a size computed from an int can equal that int divided by 8-64 by chance
     * ((-3856 & 0xff) - 300 = -60 = -3856 / 64), which the rule for bits counted in words
     * takes for the caller's size.
     */
    public static int grid(String spec) {
        int[] g = new int[(spec.length() & 0xff) - 300];
        return g.length == 0 ? -1 : g.length;
    }

    /** Contract: the code points come from the caller's array. */
    public static String glyphs(int[] codePoints) {
        StringBuilder b = new StringBuilder();
        for (int cp : codePoints) {
            appendCodePoint(b, cp);
        }
        return b.toString();
    }

    private static void appendCodePoint(StringBuilder b, int cp) {
        b.append(Character.toChars(cp));
    }

    /** Bug: a code point it decodes from the text it is given (as "&#1114112;" is decoded). */
    public static String entity(String text) {
        if (text.isEmpty()) {
            return text;
        }
        return new String(Character.toChars(text.charAt(0) * 1000));
    }

    /** Bug: a code point it computed from its argument. */
    public static String shifted(int cp) {
        // Negative for every cp, and never cp itself (no argument can match the message).
        return new String(Character.toChars(-1 - (cp & 0xff)));
    }

    /** Contract: an operation it does not support. */
    public static void freeze(int x) {
        throw new UnsupportedOperationException("frozen: " + x);
    }

    /** Contract: an operation it does not support, its exception made by a helper for it. */
    public static void thaw(int x) {
        throw unsupported("thaw " + x);
    }

    private static UnsupportedOperationException unsupported(String what) {
        return new UnsupportedOperationException(what);
    }

    /** Bug: an UnsupportedOperationException of a helper that does work first. */
    public static void store(int x) {
        save(x);
    }

    private static void save(int x) {
        if ((x & 1) == 1) {
            throw new UnsupportedOperationException("odd " + x);
        }
    }

    /** Bug: an UnsupportedOperationException from deeper down (an immutable list). */
    public static void remember(int x) {
        List.of().add(x);
    }

    /** Bug: a second caller of the same throwing site (one finding for both). */
    public static int countdowns(int n) {
        return Countdown.skipAll(n) + 1;
    }

    /** Contract: a ClassCastException of its Object parameter. */
    public static int width(Object o) {
        return ((Number) o).intValue();
    }

    /**
     * Contract (Javadoc): the exception its documentation names (with --sources).
     *
     * @param n an even number
     * @return half of it
     * @throws IllegalStateException if n is odd
     */
    public static int half(int n) {
        if ((n & 1) != 0) {
            throw new IllegalStateException("odd: " + n);
        }
        return n / 2;
    }

    /** Contract (Javadoc of the same class's helper that throws it). */
    public static int checked(int n) {
        return requirePositive(n) * 2;
    }

    /**
     * @param n a number
     * @return n
     * @throws IllegalStateException if n is not positive
     */
    private static int requirePositive(int n) {
        if (n <= 0) {
            throw new IllegalStateException("not positive: " + n);
        }
        return n;
    }

    /** Bug: the same exception type, documented nowhere. */
    public static int third(int n) {
        if (n % 3 == 1) {
            throw new IllegalStateException("no third of " + n);
        }
        return n / 3;
    }

    /** Contract: a format string it is given (an invalid one is the caller's). */
    public static String describe(String format, int n) {
        return String.format(format, n);
    }

    /** Bug: a format string of its own, invalid for negative counts. */
    public static String label(int n) {
        return String.format(n >= 0 ? "%d items" : "%q items", n);
    }

    /**
     * Contract: it opens the path it is given. (Not named `path`: drivers give parameters of
     * that name the paths of real temporary files.)
     */
    public static boolean present(String location) {
        return new java.io.File(location).exists();
    }

    /** Bug (file-path-traversal): it builds a path that leaves its folder from its input. */
    public static boolean backup(String name) {
        return new java.io.File("../" + name).exists();
    }

    /**
     * Moves to a position. Unlike a closed stream's, this will not throw any exception when
     * invoked after close (so says its Javadoc, read with --sources: a promise for one case).
     * Contract: its own check of a negative position (the promise above made it a bug).
     *
     * @param position where to go
     * @return the position
     */
    public static long seek(long position) {
        if (position < 0) {
            throw new IllegalArgumentException("Negative position: " + position);
        }
        return position;
    }

    /**
     * Extracts up to count characters from index on, without throwing an exception (so says
     * its Javadoc, read with --sources). Bug: index + count overflows for large counts, and
     * the JDK's bounds check on the index argument then fails.
     *
     * @param s the text
     * @param index where to start, below 1 means 1 (the first character is a tag)
     * @param count how many characters at most
     * @return the slice
     */
    public static String mid(String s, int index, int count) {
        if (index < 1) {
            index = 1;
        }
        if (count <= 0 || index >= s.length()) {
            return "";
        }
        if (s.length() <= index + count) {
            return s.substring(index);
        }
        return s.substring(index, index + count);
    }

    /**
     * Not a finding: a driver built from the erased signature may hand it a Supplier of
     * something else, and the cast javac put here fails (a driver defect).
     */
    public static int measure(java.util.function.Supplier<String> s) {
        return s.get().length();
    }

    /** The same, failing one call deeper (in a helper of the library): still a driver defect. */
    public static int measureTwice(java.util.function.Supplier<String> s) {
        return 2 * lengthOf(s);
    }

    private static int lengthOf(java.util.function.Supplier<String> s) {
        return s.get().length();
    }

    /** Its set-up (new Buffer(capacity)) fails for negative capacities: Buffer's contract. */
    public static int total(Buffer b) {
        return b.capacity();
    }

    /** Its set-up (helper.Unit's constructor, another package) fails for some scales. */
    public static int scaled(helper.Unit unit) {
        return unit.scale() & 1;
    }

    /** Bug: a ClassCastException on a value of its own. */
    public static int height(String s) {
        Object o = s.length();
        return ((String) o).length();
    }

    /**
     * Contract: a position past the text the caller gave (the JDK's message names the index the
     * method computed, not the argument); bug: reading past the end from a position inside it.
     */
    public static char after(String text, int offset) {
        return text.charAt(offset + 1);
    }

    /** Bug: a length with no position beside it sizes something; it points nowhere. */
    public static String spaced(String text, int length) {
        if (length <= 1_000_000) {
            return text;
        }
        return text + text.charAt(text.length());
    }

    /** Contract: the JDK rejects the name the caller gave (digits in it are no computed number). */
    public static java.util.concurrent.TimeUnit unit(String name, int scale) {
        return scale == 0 ? null : java.util.concurrent.TimeUnit.valueOf(name);
    }

    /** Contract: an invalid code point from the caller's map of code points. */
    public static String symbols(java.util.Map<Integer, String> names) {
        StringBuilder b = new StringBuilder();
        for (Integer cp : names.keySet()) {
            b.append(Character.toChars(cp));
        }
        return b.toString();
    }

    /** Contract: loads the class that its "Class#FIELD" (or "Class") argument names (a constant lookup). */
    public static Object constant(String name) {
        int hash = name.indexOf('#');
        try {
            Class<?> c = Class.forName(hash < 0 ? name : name.substring(0, hash));
            return hash < 0 ? c : c.getField(name.substring(hash + 1)).get(null);
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }

    /** Contract: the JDK rejects a charset name passed on through a helper of the library. */
    public static byte[] encode(String text, String charset) {
        return text.getBytes(Charsets.named(charset));
    }

    /**
     * Contract: the Javadoc names one IllegalArgumentException for a charset it cannot use,
     * and the JDK throws its sibling for a name that is no charset name at all (commons-codec's
     * Charsets.toCharset): the same family, the caller's name.
     *
     * @param text the text
     * @param charset the charset's name
     * @return the bytes
     * @throws java.nio.charset.UnsupportedCharsetException if the charset is not available
     */
    public static byte[] encodeIn(String text, String charset) {
        return text.getBytes(java.nio.charset.Charset.forName(charset));
    }

    /** Bug: the JDK rejects a count the method computed (its message names no argument). */
    public static String indent(int n) {
        return n < 100 && n > -100 ? Charsets.spaces(n - 2) : "";
    }

    /**
     * Bug: it promises an index exception for a negative start, and the JDK's
     * IllegalArgumentException comes out instead (commons-lang3's StringUtils.join).
     *
     * @param text the text
     * @param start where to start
     * @return the rest
     * @throws IndexOutOfBoundsException if start is negative
     */
    public static String skipFrom(String text, int start) {
        return Charsets.skip(text, start);
    }

    /**
     * Contract: reflection into the fields of the object the caller gives, which the module
     * system keeps closed when it is the JDK's (a String).
     */
    public static int peek(Object o) {
        int n = 0;
        for (java.lang.reflect.Field f : o.getClass().getDeclaredFields()) {
            if (!java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                f.setAccessible(true);
                n++;
            }
        }
        return n;
    }

    /**
     * Bug: reflection into a JDK field this method names itself, closed to every caller on
     * JDK 16 and later (commons-compress's Pack200 unwrapping FilterInputStream.in).
     */
    public static int peekOwn(String s) throws NoSuchFieldException {
        // The name is built, not a constant: the drivers give the class's constants as
        // arguments, and a caller that passes "value" names the member itself.
        java.lang.reflect.Field f = String.class.getDeclaredField(new String(new char[] {'v', 'a', 'l', 'u', 'e'}));
        f.setAccessible(true);
        return s.length();
    }

    /**
     * Bug: promises an index exception for a negative count and lets the JDK's
     * IllegalArgumentException out instead (the JDK's message names the argument).
     *
     * @param s the text
     * @param count how many times
     * @return the text repeated
     * @throws IndexOutOfBoundsException if count is negative
     */
    public static String times(String s, int count) {
        return count > 1000 ? s : s.repeat(count);
    }
}
