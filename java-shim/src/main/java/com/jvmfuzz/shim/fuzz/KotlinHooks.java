/*
 * Replacement targets of Kotlin standard-library calls the fuzzer's rewriter redirects
 * (agent/instrument/src/redirect.rs): Kotlin's `==` (Intrinsics.areEqual), its int and long
 * compare, and the String extensions equals, startsWith, endsWith and contains with their
 * `$default` twins (a call that leaves ignoreCase out). Kotlin compiles `s == "key"` and
 * `s.startsWith("key")` to these, and kotlin-stdlib is seldom instrumented (OSS-Fuzz's includes
 * name the project's packages), so without them a Kotlin target's string comparisons are not
 * seen. Each returns what the Kotlin function returns, written here in plain Java because the
 * shim cannot see kotlin-stdlib (it is on the boot class path).
 */
package com.jvmfuzz.shim.fuzz;

public final class KotlinHooks {
    private KotlinHooks() {}

    /* A `$default` call's mask bit for ignoreCase, left out (so false): bit 1, since the
     * extension's receiver, parameter 0, takes no bit. */
    private static final int IGNORE_CASE_DEFAULTED = 1 << 1;

    /** Replaces {@code Intrinsics.areEqual(Object, Object)}, Kotlin's {@code ==}. */
    public static boolean areEqual(Object a, Object b) {
        boolean eq = a == null ? b == null : a.equals(b);
        if (!eq && a != null && b != null) {
            Hooks.values(a, b);
        }
        return eq;
    }

    /** Replaces {@code Intrinsics.compare(int, int)}. */
    public static int compareInts(int a, int b) {
        Cmp.call(a, b, false);
        return Integer.compare(a, b);
    }

    /** Replaces {@code Intrinsics.compare(long, long)}. */
    public static int compareLongs(long a, long b) {
        Cmp.call(a, b, true);
        return Long.compare(a, b);
    }

    /** Replaces {@code String?.equals(other: String?, ignoreCase)}. */
    public static boolean stringEquals(String a, String b, boolean ignoreCase) {
        boolean eq = a == null ? b == null : ignoreCase ? a.equalsIgnoreCase(b) : a.equals(b);
        if (!eq && a != null && b != null) {
            Cmp.strings(a, b);
        }
        return eq;
    }

    public static boolean stringEqualsDefault(String a, String b, boolean ignoreCase, int mask, Object marker) {
        return stringEquals(a, b, ignoreCase && (mask & IGNORE_CASE_DEFAULTED) == 0);
    }

    /** Replaces {@code String.startsWith(prefix: String, ignoreCase)}. */
    public static boolean startsWith(String a, String prefix, boolean ignoreCase) {
        if (a == null || prefix == null) {
            return (Boolean) stdlib("startsWith", new Class<?>[] {String.class, String.class, boolean.class}, a, prefix, ignoreCase);
        }
        boolean r = ignoreCase ? a.regionMatches(true, 0, prefix, 0, prefix.length()) : a.startsWith(prefix);
        if (!r) {
            Cmp.strings(a, prefix);
        }
        return r;
    }

    public static boolean startsWithDefault(String a, String prefix, boolean ignoreCase, int mask, Object marker) {
        return startsWith(a, prefix, ignoreCase && (mask & IGNORE_CASE_DEFAULTED) == 0);
    }

    /** Replaces {@code String.endsWith(suffix: String, ignoreCase)}. */
    public static boolean endsWith(String a, String suffix, boolean ignoreCase) {
        if (a == null || suffix == null) {
            return (Boolean) stdlib("endsWith", new Class<?>[] {String.class, String.class, boolean.class}, a, suffix, ignoreCase);
        }
        boolean r = ignoreCase
                ? a.regionMatches(true, a.length() - suffix.length(), suffix, 0, suffix.length())
                : a.endsWith(suffix);
        if (!r) {
            // The input's tail against the suffix, where input-to-state replacement can use it.
            String tail = a.length() > suffix.length() ? a.substring(a.length() - suffix.length()) : a;
            Cmp.strings(tail, suffix);
        }
        return r;
    }

    public static boolean endsWithDefault(String a, String suffix, boolean ignoreCase, int mask, Object marker) {
        return endsWith(a, suffix, ignoreCase && (mask & IGNORE_CASE_DEFAULTED) == 0);
    }

    /** Replaces {@code CharSequence.contains(other: CharSequence, ignoreCase)}. */
    public static boolean contains(CharSequence a, CharSequence other, boolean ignoreCase) {
        if (a == null || other == null) {
            return (Boolean) stdlib("contains", new Class<?>[] {CharSequence.class, CharSequence.class, boolean.class}, a, other, ignoreCase);
        }
        boolean r;
        if (!ignoreCase && a instanceof String && other instanceof String) {
            r = ((String) a).contains((String) other);
        } else {
            r = indexOf(a, other, ignoreCase) >= 0;
        }
        if (!r) {
            Cmp.strings(a.toString(), other.toString());
        }
        return r;
    }

    public static boolean containsDefault(CharSequence a, CharSequence other, boolean ignoreCase, int mask, Object marker) {
        return contains(a, other, ignoreCase && (mask & IGNORE_CASE_DEFAULTED) == 0);
    }

    /* kotlin.text's indexOf(other, 0, length, ignoreCase): the first place `other` matches. */
    private static int indexOf(CharSequence a, CharSequence other, boolean ignoreCase) {
        int last = a.length();
        for (int at = 0; at <= last; at++) {
            if (a instanceof String && other instanceof String) {
                if (((String) other).regionMatches(ignoreCase, 0, (String) a, at, other.length())) {
                    return at;
                }
            } else if (regionMatches(other, a, at, ignoreCase)) {
                return at;
            }
        }
        return -1;
    }

    /* kotlin.text's regionMatchesImpl(0, a, at, other.length, ignoreCase) on `other`. */
    private static boolean regionMatches(CharSequence other, CharSequence a, int at, boolean ignoreCase) {
        int length = other.length();
        if (at < 0 || a.length() - length < at) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (!charEquals(other.charAt(i), a.charAt(at + i), ignoreCase)) {
                return false;
            }
        }
        return true;
    }

    /* kotlin.text's Char.equals(other, ignoreCase). */
    private static boolean charEquals(char x, char y, boolean ignoreCase) {
        if (x == y) {
            return true;
        }
        if (!ignoreCase) {
            return false;
        }
        char ux = Character.toUpperCase(x);
        char uy = Character.toUpperCase(y);
        if (legacyChars()) {
            return ux == uy || Character.toLowerCase(x) == Character.toLowerCase(y);
        }
        return ux == uy || Character.toLowerCase(ux) == Character.toLowerCase(uy);
    }

    /* 1 if the program's kotlin-stdlib is older than 1.5, 0 if not, -1 until asked. */
    private static volatile int legacyChars = -1;

    /*
     * Kotlin before 1.5 compared both cases of the two characters (İ and ı differ); 1.5 and later
     * lower-case the upper cases (İ and ı are equal). Read once from the program's
     * kotlin.KotlinVersion; the newer rule if it cannot be read.
     */
    private static boolean legacyChars() {
        int legacy = legacyChars;
        if (legacy < 0) {
            legacy = 0;
            try {
                ClassLoader loader = Thread.currentThread().getContextClassLoader();
                Class<?> version = Class.forName("kotlin.KotlinVersion", false, loader);
                Object current = version.getField("CURRENT").get(null);
                Object atLeast = version.getMethod("isAtLeast", int.class, int.class).invoke(current, 1, 5);
                legacy = Boolean.FALSE.equals(atLeast) ? 1 : 0;
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                // No kotlin-stdlib the context loader sees: the current rule.
            }
            legacyChars = legacy;
        }
        return legacy == 1;
    }

    /*
     * A null where Kotlin declares none (a platform type from Java): the program's own
     * kotlin-stdlib function is called, so it throws what it throws (IllegalArgumentException
     * before Kotlin 1.4, NullPointerException since, each with its message).
     */
    private static Object stdlib(String method, Class<?>[] types, Object... args) {
        try {
            Class<?> strings = Class.forName("kotlin.text.StringsKt", false, Thread.currentThread().getContextClassLoader());
            java.lang.reflect.Method m = strings.getMethod(method, types);
            // Declared in a package-private part class of the facade (StringsKt__StringsJVMKt).
            m.setAccessible(true);
            return m.invoke(null, args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw new IllegalStateException(cause);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            throw new NullPointerException("Parameter specified as non-null is null: method kotlin.text.StringsKt." + method);
        }
    }
}
