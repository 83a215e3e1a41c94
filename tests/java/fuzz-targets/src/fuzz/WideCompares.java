package fuzz;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One comparison the fuzzer must see to find the bug, chosen by -Dwide.kind=NAME: each expected
 * value is built at run time (the class file holds it reversed, so the dictionary cannot offer
 * it) and compared by a JDK method that is seen only at its call site.
 */
public class WideCompares {
    private static final String KIND = System.getProperty("wide.kind", "");
    private static final String SECRET = new StringBuilder("terces-ediw").reverse().toString();
    private static final BigInteger NUMBER = new BigInteger(new StringBuilder("7654321098").reverse().toString());

    public static void fuzzerTestOneInput(byte[] data) {
        String s = new String(data, StandardCharsets.ISO_8859_1);
        Object o = s;
        boolean hit;
        switch (KIND) {
            case "object-equals":
                hit = o.equals(SECRET);
                break;
            case "objects-equals":
                hit = Objects.equals(s, SECRET);
                break;
            case "compare-to":
                hit = s.compareTo(SECRET) == 0;
                break;
            case "ends-with":
                hit = s.endsWith(SECRET);
                break;
            case "index-of":
                hit = s.indexOf(SECRET) >= 0;
                break;
            case "region-matches":
                hit = s.regionMatches(2, SECRET, 0, SECRET.length());
                break;
            case "region-overflow":
                // regionMatches answers false for a length past the end; so must its hook.
                hit = s.regionMatches(1, SECRET, 0, Integer.MAX_VALUE) || s.regionMatches(true, 0, SECRET, 1, Integer.MAX_VALUE);
                break;
            case "big-integer":
                hit = parse(s).equals(NUMBER);
                break;
            default:
                throw new IllegalArgumentException("set -Dwide.kind");
        }
        if (hit) {
            throw new IllegalStateException("found through " + KIND);
        }
    }

    private static BigInteger parse(String s) {
        try {
            return new BigInteger(s.trim());
        } catch (NumberFormatException e) {
            return BigInteger.ZERO;
        }
    }
}
