package gr

// The same kinds of code under @CompileStatic: safe navigation, Elvis, switches on strings,
// ints and ranges, closures, loops, GStrings, exceptions, arrays, synchronized, maps.

import groovy.transform.CompileStatic

@CompileStatic
class Static {
    static int safeLength(String s) {
        s?.length() ?: 0
    }

    static String elvis(String s) {
        s ?: 'none'
    }

    static String sw(String s) {
        switch (s) {
            case 'a': return 'A'
            case 'b':
            case 'c': return 'BC'
            default: return '?'
        }
    }

    static int swInt(int n) {
        switch (n) {
            case 1: return 10
            case 2: return 20
            case 3..5: return 30
            default: return 0
        }
    }

    static int closures(List<Integer> xs) {
        int acc = 0
        xs.each { Integer x -> acc += x }
        acc + (xs.collect { Integer x -> x * x }.sum() as int)
    }

    static int loops(int n) {
        int s = 0
        for (int i = 0; i < n; i++) {
            if (i % 2 == 0) continue
            s += i
        }
        for (String c : ['x', 'yy']) s += c.length()
        int k = n
        while (k > 0) k -= 3
        s + k
    }

    static String gstring(String a, int b) {
        "a=$a b=${b + 1}".toString()
    }

    static int exceptions(String s) {
        try {
            return Integer.parseInt(s)
        } catch (NumberFormatException e) {
            return -1
        } finally {
            s.length()
        }
    }

    static int arrays(int[] a) {
        int m = Integer.MIN_VALUE
        for (int x : a) {
            if (x > m) m = x
        }
        m
    }

    static int ternary(Integer a) {
        a != null && a > 5 ? a : 0
    }

    static int sync(Object lock) {
        synchronized (lock) {
            return 1
        }
    }

    static Map<String, Integer> counts(String text) {
        Map<String, Integer> m = [:]
        text.split(' ').each { String w -> m[w] = (m[w] ?: 0) + 1 }
        m
    }

    static String switchExpression(String s) {
        String r = switch (s) {
            case 'x' -> 'ex'
            case 'y', 'z' -> 'late'
            default -> 'other'
        }
        r
    }

    static int instanceOf(Object o) {
        if (o instanceof String) return o.length()
        if (o instanceof List) return o.size()
        return -1
    }
}
