/*
 * Replacement targets of calls the fuzzer's rewriter redirects in instrumented classes. Each
 * has the stack shape of the call it replaces (a virtual call's receiver becomes the first
 * argument), so the rewrite swaps one constant-pool reference and one opcode, nothing else.
 */
package com.jvmfuzz.shim.fuzz;

public final class Hooks {
    private Hooks() {}

    /* Set when the target tried to end the JVM during the current execution; Runner reads and
     * clears it, so a target that catches our FuzzerExit is still reported. */
    static volatile String exitCall;

    /* Non-null when something happened out of band during the current execution (an exit
     * call, a finding reported from a hook): the fuzzer reads this one field after an input
     * that threw nothing, and asks Runner.check only when it is set. Runner.check clears it. */
    static volatile Object pending;

    /** Replaces {@code System.exit(int)}. */
    public static void systemExit(int status) {
        throw exit("System.exit(" + status + ")");
    }

    /** Replaces {@code Runtime.exit(int)}. */
    public static void runtimeExit(Runtime runtime, int status) {
        throw exit("Runtime.exit(" + status + ")");
    }

    /** Replaces {@code Runtime.halt(int)}. */
    public static void runtimeHalt(Runtime runtime, int status) {
        throw exit("Runtime.halt(" + status + ")");
    }

    private static FuzzerExit exit(String what) {
        exitCall = what;
        pending = what;
        return new FuzzerExit("the target called " + what);
    }

    /** Replaces {@code String.equals(Object)}: reports both sides to the comparison log. */
    public static boolean stringEquals(String a, Object b) {
        boolean eq = a.equals(b);
        if (!eq && b instanceof String) {
            Cmp.strings(a, (String) b);
        }
        return eq;
    }

    /** Replaces {@code String.equalsIgnoreCase(String)}. */
    public static boolean stringEqualsIgnoreCase(String a, String b) {
        boolean eq = a.equalsIgnoreCase(b);
        if (!eq && b != null) {
            Cmp.strings(a, b);
        }
        return eq;
    }

    /** Replaces {@code String.startsWith(String)}. */
    public static boolean stringStartsWith(String a, String prefix) {
        boolean r = a.startsWith(prefix);
        if (!r) {
            Cmp.strings(a, prefix);
        }
        return r;
    }

    /** Replaces {@code String.contains(CharSequence)}. */
    public static boolean stringContains(String a, CharSequence s) {
        boolean r = a.contains(s);
        if (!r && s != null) {
            Cmp.strings(a, s.toString());
        }
        return r;
    }

    /** Replaces {@code String.endsWith(String)}: the input's tail against the suffix. */
    public static boolean stringEndsWith(String a, String suffix) {
        boolean r = a.endsWith(suffix);
        if (!r) {
            Cmp.strings(a.substring(Math.max(0, a.length() - suffix.length())), suffix);
        }
        return r;
    }

    /** Replaces {@code String.contentEquals(CharSequence)}. */
    public static boolean stringContentEquals(String a, CharSequence b) {
        boolean r = a.contentEquals(b);
        if (!r) {
            Cmp.strings(a, b.toString());
        }
        return r;
    }

    /** Replaces {@code String.compareTo(String)}. */
    public static int stringCompareTo(String a, String b) {
        int r = a.compareTo(b);
        if (r != 0) {
            Cmp.strings(a, b);
        }
        return r;
    }

    /** Replaces {@code String.compareToIgnoreCase(String)}. */
    public static int stringCompareToIgnoreCase(String a, String b) {
        int r = a.compareToIgnoreCase(b);
        if (r != 0) {
            Cmp.strings(a, b);
        }
        return r;
    }

    /** Replaces {@code String.indexOf(String)}. */
    public static int stringIndexOf(String a, String s) {
        int r = a.indexOf(s);
        if (r < 0) {
            Cmp.strings(a, s);
        }
        return r;
    }

    /**
     * Replaces {@code String.indexOf(int)}: a text that lacks the separator the code looks
     * for (log4j's {@code "prefix:name"}) is offered with it, at a random place.
     */
    public static int stringIndexOfChar(String a, int ch) {
        int r = a.indexOf(ch);
        if (r < 0 && !a.isEmpty() && a.length() <= 64 && Character.isValidCodePoint(ch) && Cmp.collectingKeys()) {
            int at = nextRandom(a.length() + 1);
            Cmp.keyMiss(a, a.substring(0, at) + new String(Character.toChars(ch)) + a.substring(at), null, null);
        }
        return r;
    }

    /** Replaces {@code StringTokenizer.nextToken(String)}: see Tokenizers. */
    public static String tokenizerNextTokenDelims(java.util.StringTokenizer st, String delims) {
        Tokenizers.delimiters(st, delims);
        try {
            String token = st.nextToken(delims);
            Tokenizers.returned(st, token);
            return token;
        } catch (java.util.NoSuchElementException ranOut) {
            Tokenizers.ranOut(st, delims);
            throw ranOut;
        }
    }

    /** Replaces {@code StringTokenizer.nextToken()}: see Tokenizers. */
    public static String tokenizerNextToken(java.util.StringTokenizer st) {
        try {
            String token = st.nextToken();
            Tokenizers.returned(st, token);
            return token;
        } catch (java.util.NoSuchElementException ranOut) {
            Tokenizers.ranOut(st, null);
            throw ranOut;
        }
    }

    /** Replaces {@code String.indexOf(String, int)}. */
    public static int stringIndexOfFrom(String a, String s, int from) {
        int r = a.indexOf(s, from);
        if (r < 0) {
            Cmp.strings(a, s);
        }
        return r;
    }

    /** Replaces {@code String.lastIndexOf(String)}. */
    public static int stringLastIndexOf(String a, String s) {
        int r = a.lastIndexOf(s);
        if (r < 0) {
            Cmp.strings(a, s);
        }
        return r;
    }

    /** Replaces {@code String.regionMatches(int, String, int, int)}: the two regions compared. */
    public static boolean stringRegionMatches(String a, int toffset, String b, int ooffset, int len) {
        boolean r = a.regionMatches(toffset, b, ooffset, len);
        if (!r) {
            regions(a, toffset, b, ooffset, len);
        }
        return r;
    }

    /** Replaces {@code String.regionMatches(boolean, int, String, int, int)}. */
    public static boolean stringRegionMatchesCase(String a, boolean ignoreCase, int toffset, String b, int ooffset, int len) {
        boolean r = a.regionMatches(ignoreCase, toffset, b, ooffset, len);
        if (!r) {
            regions(a, toffset, b, ooffset, len);
        }
        return r;
    }

    private static void regions(String a, int toffset, String b, int ooffset, int len) {
        if (b == null || toffset < 0 || ooffset < 0 || len <= 0) {
            return;
        }
        // In long: an offset plus a length near Integer.MAX_VALUE must not wrap (regionMatches
        // itself just answers false then).
        String x = a.substring(Math.min(toffset, a.length()), (int) Math.min(a.length(), (long) toffset + len));
        String y = b.substring(Math.min(ooffset, b.length()), (int) Math.min(b.length(), (long) ooffset + len));
        if (!x.isEmpty() && !y.isEmpty()) {
            Cmp.strings(x, y);
        }
    }

    /**
     * Replaces {@code Object.equals(Object)}: strings compared through a variable of type Object
     * (and numbers, as their decimal text) are logged like {@code String.equals}.
     */
    public static boolean objectEquals(Object a, Object b) {
        boolean eq = a.equals(b);
        if (!eq) {
            values(a, b);
        }
        return eq;
    }

    /** Replaces {@code Objects.equals(Object, Object)}. */
    public static boolean objectsEquals(Object a, Object b) {
        boolean eq = java.util.Objects.equals(a, b);
        if (!eq && a != null) {
            values(a, b);
        }
        return eq;
    }

    /** Keys of a hash map looked at for the two that bracket a missing key (as Jazzer does). */
    private static final int MAX_KEYS = 100;

    /**
     * Replaces {@code Map.get(Object)}: a key the map does not have is compared with the two
     * keys that sort nearest to it (a TreeMap's floor and ceiling, else among the first keys),
     * so a lookup in a table of keywords guides like a comparison with each.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Object mapGet(java.util.Map map, Object key) {
        Object v = map.get(key);
        if (v == null && key != null) {
            bracket(map, key);
        }
        return v;
    }

    /** Replaces {@code Map.containsKey(Object)}. */
    @SuppressWarnings("rawtypes")
    public static boolean mapContainsKey(java.util.Map map, Object key) {
        boolean has = map.containsKey(key);
        if (!has && key != null) {
            bracket(map, key);
        }
        return has;
    }

    // The same on a variable typed as the map class itself (a call naming HashMap, not Map).
    @SuppressWarnings("rawtypes")
    public static Object hashMapGet(java.util.HashMap map, Object key) {
        return mapGet(map, key);
    }

    @SuppressWarnings("rawtypes")
    public static boolean hashMapContainsKey(java.util.HashMap map, Object key) {
        return mapContainsKey(map, key);
    }

    @SuppressWarnings("rawtypes")
    public static Object treeMapGet(java.util.TreeMap map, Object key) {
        return mapGet(map, key);
    }

    @SuppressWarnings("rawtypes")
    public static boolean treeMapContainsKey(java.util.TreeMap map, Object key) {
        return mapContainsKey(map, key);
    }

    @SuppressWarnings("rawtypes")
    public static Object linkedHashMapGet(java.util.LinkedHashMap map, Object key) {
        return mapGet(map, key);
    }

    @SuppressWarnings("rawtypes")
    public static Object concurrentHashMapGet(java.util.concurrent.ConcurrentHashMap map, Object key) {
        return mapGet(map, key);
    }

    @SuppressWarnings("rawtypes")
    public static boolean concurrentHashMapContainsKey(java.util.concurrent.ConcurrentHashMap map, Object key) {
        return mapContainsKey(map, key);
    }

    /** Replaces {@code Map.getOrDefault(Object, Object)}. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Object mapGetOrDefault(java.util.Map map, Object key, Object fallback) {
        Object v = map.getOrDefault(key, fallback);
        if (v == fallback && key != null && !map.containsKey(key)) {
            bracket(map, key);
        }
        return v;
    }

    @SuppressWarnings("rawtypes")
    public static Object hashMapGetOrDefault(java.util.HashMap map, Object key, Object fallback) {
        return mapGetOrDefault(map, key, fallback);
    }

    /** Replaces {@code Set.contains(Object)}: as a map lookup, against the set's elements. */
    @SuppressWarnings("rawtypes")
    public static boolean setContains(java.util.Set set, Object element) {
        boolean has = set.contains(element);
        if (!has && element != null) {
            bracket(set, element);
        }
        return has;
    }

    /** Replaces {@code Set.remove(Object)}. */
    @SuppressWarnings("rawtypes")
    public static boolean setRemove(java.util.Set set, Object element) {
        boolean removed = set.remove(element);
        if (!removed && element != null) {
            bracket(set, element);
        }
        return removed;
    }

    // The same on a variable typed as the set class itself.
    @SuppressWarnings("rawtypes")
    public static boolean hashSetContains(java.util.HashSet set, Object element) {
        return setContains(set, element);
    }

    @SuppressWarnings("rawtypes")
    public static boolean linkedHashSetContains(java.util.LinkedHashSet set, Object element) {
        return setContains(set, element);
    }

    @SuppressWarnings("rawtypes")
    public static boolean treeSetContains(java.util.TreeSet set, Object element) {
        return setContains(set, element);
    }

    /* The constants' names of each enum class, computed once, sorted (floor and ceiling find
     * the neighbours of a missing name among all of them, not only the first MAX_KEYS). */
    private static final ClassValue<java.util.NavigableSet<String>> ENUM_NAMES =
            new ClassValue<java.util.NavigableSet<String>>() {
                @Override
                protected java.util.NavigableSet<String> computeValue(Class<?> type) {
                    java.util.TreeSet<String> names = new java.util.TreeSet<>();
                    Object[] constants = type.getEnumConstants();
                    if (constants != null) {
                        for (Object c : constants) {
                            names.add(((Enum<?>) c).name());
                        }
                    }
                    return java.util.Collections.unmodifiableNavigableSet(names);
                }
            };

    /**
     * Replaces {@code Enum.valueOf(Class, String)} (javac's {@code E.valueOf(String)} calls it): a
     * name no constant has is compared with the constants' names, as a missing map key is.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Enum enumValueOf(Class type, String name) {
        try {
            return Enum.valueOf(type, name);
        } catch (IllegalArgumentException e) {
            if (type != null && name != null) {
                bracket(ENUM_NAMES.get(type), name);
            }
            throw e;
        }
    }

    /** Replaces {@code Float.compare(float, float)}: the bits, as {@code fcmpl}'s are logged. */
    public static int floatCompare(float a, float b) {
        Cmp.call(Float.floatToRawIntBits(a), Float.floatToRawIntBits(b), false);
        return Float.compare(a, b);
    }

    /** Replaces {@code Double.compare(double, double)}. */
    public static int doubleCompare(double a, double b) {
        Cmp.call(Double.doubleToRawLongBits(a), Double.doubleToRawLongBits(b), true);
        return Double.compare(a, b);
    }

    /** Replaces {@code Float.compareTo(Float)}. */
    public static int floatCompareTo(Float a, Float b) {
        int r = a.compareTo(b);
        Cmp.call(Float.floatToRawIntBits(a), Float.floatToRawIntBits(b), false);
        return r;
    }

    /** Replaces {@code Double.compareTo(Double)}. */
    public static int doubleCompareTo(Double a, Double b) {
        int r = a.compareTo(b);
        Cmp.call(Double.doubleToRawLongBits(a), Double.doubleToRawLongBits(b), true);
        return r;
    }

    /*
     * A key a lookup missed, compared with the two keys that sort nearest to it (a sorted set's
     * floor and ceiling, else among the first MAX_KEYS) and, now and then, one at random.
     * `source` is the map or the collection of keys. Its code (a user's map, iterator or
     * comparator) runs only inside the try: whatever it throws, the lookup's caller sees the
     * lookup's own result, as without the fuzzer.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void bracket(Object source, Object key) {
        // Only the kinds values() logs: a set of Characters asked about every character of
        // the input would pay for the search and log nothing. A number's search (a set of
        // visited ids asked about every node) pays off only in a traced execution.
        if (!(key instanceof Comparable) || !(key instanceof CharSequence || key instanceof Number)) {
            return;
        }
        if (key instanceof Number && !Cmp.tracingNow()) {
            return;
        }
        Object lower = null;
        Object upper = null;
        Object any = null;
        boolean collect = Cmp.collectingKeys();
        try {
            java.util.Collection keys =
                    source instanceof java.util.Map ? ((java.util.Map) source).keySet() : (java.util.Collection) source;
            if (keys.isEmpty()) {
                return;
            }
            if (keys instanceof java.util.NavigableSet) {
                lower = ((java.util.NavigableSet) keys).floor(key);
                upper = ((java.util.NavigableSet) keys).ceiling(key);
            } else {
                Comparable k = (Comparable) key;
                int seen = 0;
                int same = 0;
                for (Object candidate : keys) {
                    if (seen++ >= MAX_KEYS) {
                        break;
                    }
                    if (candidate == null || candidate.getClass() != key.getClass()) {
                        continue;
                    }
                    // One key at random besides the neighbours (reservoir sampling): a keyword
                    // the inputs never come near in sort order is still offered.
                    if (collect && nextRandom(++same) == 0) {
                        any = candidate;
                    }
                    int c = k.compareTo(candidate);
                    if (c > 0 && (lower == null || ((Comparable) candidate).compareTo(lower) > 0)) {
                        lower = candidate;
                    } else if (c < 0 && (upper == null || ((Comparable) candidate).compareTo(upper) < 0)) {
                        upper = candidate;
                    }
                }
            }
            if (lower != null) {
                values(key, lower);
            }
            if (upper != null) {
                values(key, upper);
            }
        } catch (RuntimeException | StackOverflowError | AssertionError | LinkageError e) {
            // Keys that do not compare, a map changed meanwhile, a user's collection that
            // fails when iterated: no guidance this time.
            return;
        }
        if (key instanceof String && ((String) key).length() <= 64
                && collect) {
            Cmp.keyMiss((String) key, lower, upper, any);
        }
    }

    private static long keySeed = 0x9E3779B97F4A7C15L;

    /** A number in [0, bound): a racy linear congruential step is random enough here. */
    private static int nextRandom(int bound) {
        long x = keySeed * 6364136223846793005L + 1442695040888963407L;
        keySeed = x;
        return (int) Long.remainderUnsigned(x >>> 33, bound);
    }

    /** Replaces {@code String.replace(CharSequence, CharSequence)}: a target that is not there. */
    public static String stringReplace(String a, CharSequence target, CharSequence replacement) {
        String r = a.replace(target, replacement);
        if (r.equals(a) && target != null && target.length() > 0) {
            Cmp.strings(a, target.toString());
        }
        return r;
    }

    /** Replaces {@code StringBuilder.indexOf(String)}. */
    public static int builderIndexOf(StringBuilder a, String s) {
        int r = a.indexOf(s);
        if (r < 0) {
            Cmp.strings(a.toString(), s);
        }
        return r;
    }

    static void values(Object a, Object b) {
        if (a instanceof String && b instanceof String) {
            Cmp.strings((String) a, (String) b);
        } else if (a instanceof CharSequence && b instanceof CharSequence) {
            Cmp.strings(a.toString(), b.toString());
        } else if (a instanceof Number && b instanceof Number && a.getClass() == b.getClass()) {
            Cmp.strings(a.toString(), b.toString());
        } else if (a instanceof byte[] && b instanceof byte[]) {
            Cmp.bytes((byte[]) a, (byte[]) b);
        }
    }

    /** Replaces {@code Arrays.equals(char[], char[])}. */
    public static boolean charsEqual(char[] a, char[] b) {
        boolean eq = java.util.Arrays.equals(a, b);
        if (!eq && a != null && b != null) {
            Cmp.strings(new String(a), new String(b));
        }
        return eq;
    }

    /** Replaces {@code BigInteger.equals(Object)}: the decimal texts (what parsers read). */
    public static boolean bigIntegerEquals(java.math.BigInteger a, Object b) {
        boolean eq = a.equals(b);
        if (!eq && b instanceof java.math.BigInteger) {
            Cmp.strings(a.toString(), b.toString());
        }
        return eq;
    }

    /** Replaces {@code BigInteger.compareTo(BigInteger)}. */
    public static int bigIntegerCompareTo(java.math.BigInteger a, java.math.BigInteger b) {
        int r = a.compareTo(b);
        if (r != 0) {
            Cmp.strings(a.toString(), b.toString());
        }
        return r;
    }

    /** Replaces {@code BigDecimal.equals(Object)}. */
    public static boolean bigDecimalEquals(java.math.BigDecimal a, Object b) {
        boolean eq = a.equals(b);
        if (!eq && b instanceof java.math.BigDecimal) {
            Cmp.strings(a.toString(), b.toString());
        }
        return eq;
    }

    /** Replaces {@code BigDecimal.compareTo(BigDecimal)}. */
    public static int bigDecimalCompareTo(java.math.BigDecimal a, java.math.BigDecimal b) {
        int r = a.compareTo(b);
        if (r != 0) {
            Cmp.strings(a.toString(), b.toString());
        }
        return r;
    }

    /** Replaces {@code Arrays.equals(byte[], byte[])}. */
    public static boolean bytesEqual(byte[] a, byte[] b) {
        boolean eq = java.util.Arrays.equals(a, b);
        if (!eq && a != null && b != null) {
            Cmp.bytes(a, b);
        }
        return eq;
    }

    /** Replaces {@code Arrays.equals(byte[], int, int, byte[], int, int)}: the two ranges. */
    public static boolean bytesRangeEqual(byte[] a, int af, int at, byte[] b, int bf, int bt) {
        boolean eq = java.util.Arrays.equals(a, af, at, b, bf, bt);
        if (!eq) {
            // The ranges are valid: equals checked them.
            Cmp.bytes(java.util.Arrays.copyOfRange(a, af, at), java.util.Arrays.copyOfRange(b, bf, bt));
        }
        return eq;
    }

    /** Replaces {@code Arrays.compare(byte[], byte[])}. */
    public static int bytesCompare(byte[] a, byte[] b) {
        int r = java.util.Arrays.compare(a, b);
        if (r != 0 && a != null && b != null) {
            Cmp.bytes(a, b);
        }
        return r;
    }

    /** Replaces {@code Arrays.compareUnsigned(byte[], byte[])}. */
    public static int bytesCompareUnsigned(byte[] a, byte[] b) {
        int r = java.util.Arrays.compareUnsigned(a, b);
        if (r != 0 && a != null && b != null) {
            Cmp.bytes(a, b);
        }
        return r;
    }

    /** Replaces {@code Arrays.compare(byte[], int, int, byte[], int, int)}. */
    public static int bytesRangeCompare(byte[] a, int af, int at, byte[] b, int bf, int bt) {
        int r = java.util.Arrays.compare(a, af, at, b, bf, bt);
        if (r != 0) {
            Cmp.bytes(java.util.Arrays.copyOfRange(a, af, at), java.util.Arrays.copyOfRange(b, bf, bt));
        }
        return r;
    }

    /** Replaces {@code Arrays.compareUnsigned(byte[], int, int, byte[], int, int)}. */
    public static int bytesRangeCompareUnsigned(byte[] a, int af, int at, byte[] b, int bf, int bt) {
        int r = java.util.Arrays.compareUnsigned(a, af, at, b, bf, bt);
        if (r != 0) {
            Cmp.bytes(java.util.Arrays.copyOfRange(a, af, at), java.util.Arrays.copyOfRange(b, bf, bt));
        }
        return r;
    }

    /** Replaces {@code String.lastIndexOf(String, int)}. */
    public static int stringLastIndexOfFrom(String a, String s, int from) {
        int r = a.lastIndexOf(s, from);
        if (r < 0) {
            Cmp.strings(a, s);
        }
        return r;
    }

    /** Replaces {@code StringBuilder.lastIndexOf(String)}. */
    public static int builderLastIndexOf(StringBuilder a, String s) {
        int r = a.lastIndexOf(s);
        if (r < 0) {
            Cmp.strings(a.toString(), s);
        }
        return r;
    }

    /** Replaces {@code StringBuffer.indexOf(String)}. */
    public static int bufferIndexOf(StringBuffer a, String s) {
        int r = a.indexOf(s);
        if (r < 0) {
            Cmp.strings(a.toString(), s);
        }
        return r;
    }

    /** Replaces {@code StringBuffer.lastIndexOf(String)}. */
    public static int bufferLastIndexOf(StringBuffer a, String s) {
        int r = a.lastIndexOf(s);
        if (r < 0) {
            Cmp.strings(a.toString(), s);
        }
        return r;
    }

    // ---- integral comparisons inside the JDK (the operands, as an if_icmp's) ----

    /** Replaces {@code Integer.compare(int, int)}. */
    public static int intCompare(int a, int b) {
        Cmp.call(a, b, false);
        return Integer.compare(a, b);
    }

    /** Replaces {@code Integer.compareUnsigned(int, int)}. */
    public static int intCompareUnsigned(int a, int b) {
        Cmp.call(a, b, false);
        return Integer.compareUnsigned(a, b);
    }

    /** Replaces {@code Long.compare(long, long)}. */
    public static int longCompare(long a, long b) {
        Cmp.call(a, b, true);
        return Long.compare(a, b);
    }

    /** Replaces {@code Long.compareUnsigned(long, long)}. */
    public static int longCompareUnsigned(long a, long b) {
        Cmp.call(a, b, true);
        return Long.compareUnsigned(a, b);
    }

    /** Replaces {@code Short.compare(short, short)}. */
    public static int shortCompare(short a, short b) {
        Cmp.call(a, b, false);
        return Short.compare(a, b);
    }

    /** Replaces {@code Short.compareUnsigned(short, short)}. */
    public static int shortCompareUnsigned(short a, short b) {
        Cmp.call(a, b, false);
        return Short.compareUnsigned(a, b);
    }

    /** Replaces {@code Byte.compare(byte, byte)}. */
    public static int byteCompare(byte a, byte b) {
        Cmp.call(a, b, false);
        return Byte.compare(a, b);
    }

    /** Replaces {@code Byte.compareUnsigned(byte, byte)}. */
    public static int byteCompareUnsigned(byte a, byte b) {
        Cmp.call(a, b, false);
        return Byte.compareUnsigned(a, b);
    }

    /** Replaces {@code Character.compare(char, char)}. */
    public static int charCompare(char a, char b) {
        Cmp.call(a, b, false);
        return Character.compare(a, b);
    }

    /** Replaces {@code Integer.compareTo(Integer)}. */
    public static int integerCompareTo(Integer a, Integer b) {
        int r = a.compareTo(b);
        Cmp.call(a, b, false);
        return r;
    }

    /** Replaces {@code Long.compareTo(Long)}. */
    public static int longCompareTo(Long a, Long b) {
        int r = a.compareTo(b);
        Cmp.call(a, b, true);
        return r;
    }

    /** Replaces {@code Short.compareTo(Short)}. */
    public static int shortCompareTo(Short a, Short b) {
        int r = a.compareTo(b);
        Cmp.call(a, b, false);
        return r;
    }

    /** Replaces {@code Byte.compareTo(Byte)}. */
    public static int byteCompareTo(Byte a, Byte b) {
        int r = a.compareTo(b);
        Cmp.call(a, b, false);
        return r;
    }

    /** Replaces {@code Character.compareTo(Character)}. */
    public static int characterCompareTo(Character a, Character b) {
        int r = a.compareTo(b);
        Cmp.call(a, b, false);
        return r;
    }

    /** Replaces {@code Integer.equals(Object)}. */
    public static boolean integerEquals(Integer a, Object b) {
        boolean eq = a.equals(b);
        if (!eq && b instanceof Integer) {
            Cmp.call(a, (Integer) b, false);
        }
        return eq;
    }

    /** Replaces {@code Long.equals(Object)}. */
    public static boolean longEquals(Long a, Object b) {
        boolean eq = a.equals(b);
        if (!eq && b instanceof Long) {
            Cmp.call(a, (Long) b, true);
        }
        return eq;
    }

    /** Replaces {@code Short.equals(Object)}. */
    public static boolean shortEquals(Short a, Object b) {
        boolean eq = a.equals(b);
        if (!eq && b instanceof Short) {
            Cmp.call(a, (Short) b, false);
        }
        return eq;
    }

    /** Replaces {@code Byte.equals(Object)}. */
    public static boolean byteEquals(Byte a, Object b) {
        boolean eq = a.equals(b);
        if (!eq && b instanceof Byte) {
            Cmp.call(a, (Byte) b, false);
        }
        return eq;
    }

    /** Replaces {@code Character.equals(Object)}. */
    public static boolean characterEquals(Character a, Object b) {
        boolean eq = a.equals(b);
        if (!eq && b instanceof Character) {
            Cmp.call(a, (Character) b, false);
        }
        return eq;
    }
}
