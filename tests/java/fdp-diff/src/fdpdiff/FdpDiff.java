package fdpdiff;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.driver.FuzzedDataProviderImpl;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * Differential test of jvmfuzz's provider for Jazzer-interface harnesses against Jazzer's own
 * (com.code_intelligence.jazzer.driver.FuzzedDataProviderImpl, native, from the jazzer jar):
 * for a fixed seed, random inputs and random call sequences with random arguments run on both;
 * every result (value, or exception class and message) and the remaining byte count after each
 * call must be equal.
 *
 * <p>Ours is obtained the way a harness gets it: com.jvmfuzz.shim.fuzz.Runner set up with a
 * harness taking Jazzer's interface, then, for even sequences, Runner.argument(bytes) (the
 * provider over an array: the path of long inputs, JUnit and trace runs) and, for odd ones,
 * Runner.runInput (the fuzzer's path: the provider reads a direct buffer in place).
 *
 * <p>Usage: FdpDiff SEED SEQUENCES. Prints one summary line
 * {@code FDP-DIFF sequences=.. calls=.. methods=../.. mismatches=..} and the first mismatch.
 * Exit status 0 if there was none.
 */
public final class FdpDiff {
    /** The harness shape Runner recognises; runInput hands it the provider, kept here. */
    public static final class Harness {
        static FuzzedDataProvider last;

        public static void fuzzerTestOneInput(FuzzedDataProvider data) {
            last = data;
        }
    }

    /** One call with its arguments. */
    interface Call {
        Object on(FuzzedDataProvider p);
    }

    static final class Op {
        final String method; // name(descriptor-ish), matched against the interface's methods
        final String args;
        final Call call;

        Op(String method, String args, Call call) {
            this.method = method;
            this.args = args;
            this.call = call;
        }
    }

    private final Random rnd;
    private final Set<String> called = new TreeSet<>();

    private FdpDiff(long seed) {
        this.rnd = new Random(seed);
    }

    public static void main(String[] a) throws Exception {
        long seed = Long.parseLong(a[0]);
        int sequences = Integer.parseInt(a[1]);
        Class<?> runner = Class.forName("com.jvmfuzz.shim.fuzz.Runner");
        runner.getMethod("setup", Class.class, String[].class).invoke(null, Harness.class, new String[0]);
        Method argument = runner.getMethod("argument", byte[].class);
        java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocateDirect(1 << 16);
        runner.getMethod("fastPath", Class.class, java.nio.ByteBuffer.class).invoke(null, Harness.class, buffer);
        Method runInput = runner.getMethod("runInput", int.class);
        FdpDiff d = new FdpDiff(seed);
        long calls = 0;
        int mismatches = 0;
        String first = null;
        for (int s = 0; s < sequences; s++) {
            byte[] input = d.input();
            List<Op> ops = d.sequence();
            FuzzedDataProviderImpl theirs = FuzzedDataProviderImpl.withJavaData(input);
            FuzzedDataProvider ours;
            if (s % 2 == 0) {
                ours = (FuzzedDataProvider) argument.invoke(null, (Object) input.clone());
            } else {
                // Garbage past the input's end: the provider must read only its length.
                for (int i = 0; i < 64; i++) {
                    buffer.put(input.length + i, (byte) d.rnd.nextInt());
                }
                buffer.position(0);
                buffer.put(input);
                Harness.last = null;
                runInput.invoke(null, input.length);
                ours = Harness.last;
            }
            try {
                for (int i = 0; i < ops.size(); i++) {
                    Op op = ops.get(i);
                    calls++;
                    d.called.add(op.method);
                    String want = run(op, theirs);
                    String got = run(op, ours);
                    if (!want.equals(got)) {
                        mismatches++;
                        if (first == null) {
                            StringBuilder b = new StringBuilder();
                            b.append("sequence ").append(s).append(", call ").append(i).append(": ")
                                    .append(op.method).append(" args ").append(op.args).append('\n');
                            b.append("  input (").append(input.length).append(" bytes): ").append(hex(input)).append('\n');
                            b.append("  calls before:");
                            for (int j = 0; j < i; j++) {
                                b.append(' ').append(ops.get(j).method).append(ops.get(j).args);
                            }
                            b.append("\n  jazzer: ").append(want).append("\n  ours:   ").append(got);
                            first = b.toString();
                        }
                        break;
                    }
                }
            } finally {
                theirs.close();
            }
        }
        Set<String> all = new TreeSet<>();
        for (Method m : FuzzedDataProvider.class.getMethods()) {
            all.add(key(m));
        }
        Set<String> missed = new TreeSet<>(all);
        missed.removeAll(d.called);
        Set<String> unknown = new TreeSet<>(d.called);
        unknown.removeAll(all);
        System.out.println("FDP-DIFF sequences=" + sequences + " calls=" + calls + " methods="
                + (all.size() - missed.size()) + "/" + all.size() + " mismatches=" + mismatches);
        if (!missed.isEmpty()) {
            System.out.println("NOT CALLED: " + missed);
        }
        if (!unknown.isEmpty()) {
            System.out.println("UNKNOWN METHOD KEYS: " + unknown);
        }
        if (first != null) {
            System.out.println("FIRST MISMATCH: " + first);
        }
        System.exit(mismatches == 0 && missed.isEmpty() && unknown.isEmpty() ? 0 : 1);
    }

    static String key(Method m) {
        StringBuilder b = new StringBuilder(m.getName()).append('(');
        Class<?>[] ps = m.getParameterTypes();
        for (int i = 0; i < ps.length; i++) {
            b.append(i == 0 ? "" : ",").append(ps[i].getSimpleName());
        }
        return b.append(')').toString();
    }

    /** The call's result and the remaining bytes after it, as text. */
    static String run(Op op, FuzzedDataProvider p) {
        String r;
        try {
            r = show(op.call.on(p));
        } catch (RuntimeException e) {
            r = "throws " + e.getClass().getName() + ": " + e.getMessage();
        }
        return r + " | remaining " + p.remainingBytes();
    }

    static String show(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof Float) {
            float f = (Float) v;
            return f + " (0x" + Integer.toHexString(Float.floatToIntBits(f)) + ")";
        }
        if (v instanceof Double) {
            double f = (Double) v;
            return f + " (0x" + Long.toHexString(Double.doubleToLongBits(f)) + ")";
        }
        if (v instanceof Character) {
            return "char " + (int) (Character) v;
        }
        if (v instanceof String) {
            String s = (String) v;
            StringBuilder b = new StringBuilder("string[" + s.length() + "]");
            for (int i = 0; i < s.length(); i++) {
                b.append(' ').append(Integer.toHexString(s.charAt(i)));
            }
            return b.toString();
        }
        if (v instanceof boolean[]) {
            // Jazzer's booleans come from raw bytes through JNI: compare their truth values.
            boolean[] a = (boolean[]) v;
            StringBuilder b = new StringBuilder("booleans[" + a.length + "]");
            for (boolean x : a) {
                b.append(x ? " 1" : " 0");
            }
            return b.toString();
        }
        if (v instanceof byte[]) {
            return "bytes " + Arrays.toString((byte[]) v);
        }
        if (v instanceof short[]) {
            return "shorts " + Arrays.toString((short[]) v);
        }
        if (v instanceof int[]) {
            return "ints " + Arrays.toString((int[]) v);
        }
        if (v instanceof long[]) {
            return "longs " + Arrays.toString((long[]) v);
        }
        return v.getClass().getSimpleName() + " " + v;
    }

    static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) {
            s.append(String.format("%02x", x & 0xff));
        }
        return s.toString();
    }

    // ---------------------------------------------------------------- random inputs and calls

    /** Bytes that steer the string decoder's states: NUL, backslash, 7-bit limits, lead bytes. */
    private static final int[] SPECIAL = {
        0x00, 0x01, 0x5c, 0x5c, 0x41, 0x7f, 0x80, 0x81, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1,
        0xed, 0xee, 0xef, 0xf0, 0xf4, 0xf8, 0xfc, 0xfe, 0xff, 0xa0, 0xb0, 0x9f, 0x20, 0x61, 0x30
    };

    byte[] input() {
        int len;
        switch (rnd.nextInt(4)) {
            case 0:
                len = rnd.nextInt(5);
                break;
            case 1:
                len = rnd.nextInt(24);
                break;
            case 2:
                len = rnd.nextInt(100);
                break;
            default:
                len = rnd.nextInt(600);
        }
        byte[] b = new byte[len];
        int style = rnd.nextInt(3);
        for (int i = 0; i < len; i++) {
            if (style == 0 || (style == 2 && rnd.nextBoolean())) {
                b[i] = (byte) rnd.nextInt(256);
            } else {
                b[i] = (byte) SPECIAL[rnd.nextInt(SPECIAL.length)];
            }
        }
        return b;
    }

    List<Op> sequence() {
        int n = 1 + rnd.nextInt(rnd.nextBoolean() ? 6 : 30);
        List<Op> ops = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ops.add(op());
        }
        return ops;
    }

    private int length() {
        switch (rnd.nextInt(10)) {
            case 0:
                return -1 - rnd.nextInt(3);
            case 1:
                return 0;
            case 2:
                return 1;
            case 3:
                return Integer.MAX_VALUE;
            case 4:
                return rnd.nextInt(1000);
            default:
                return rnd.nextInt(40);
        }
    }

    /** An array length that cannot overflow `length * element size` (Jazzer computes it in an int). */
    private int arrayLength() {
        int n = length();
        return n == Integer.MAX_VALUE ? 1 << 20 : n;
    }

    private long boundary(long min, long max) {
        switch (rnd.nextInt(8)) {
            case 0:
                return min;
            case 1:
                return max;
            case 2:
                return 0;
            case 3:
                return -1 - rnd.nextInt(3);
            case 4:
                return 1 + rnd.nextInt(300);
            default:
                long span = max - min + 1;
                long v = rnd.nextLong();
                return span <= 0 ? v : min + Math.floorMod(v, span);
        }
    }

    /** (min, max), mostly ordered, sometimes reversed (an IllegalArgumentException). */
    private long[] range(long min, long max) {
        long a = boundary(min, max);
        long b = boundary(min, max);
        if (rnd.nextInt(12) != 0 && a > b) {
            long t = a;
            a = b;
            b = t;
        }
        return new long[] {a, b};
    }

    private double real() {
        switch (rnd.nextInt(14)) {
            case 0:
                return -Double.MAX_VALUE;
            case 1:
                return Double.MAX_VALUE;
            case 2:
                return 0.0;
            case 3:
                return -0.0;
            case 4:
                return Double.MIN_VALUE;
            case 5:
                return -Float.MAX_VALUE;
            case 6:
                return Float.MAX_VALUE;
            case 7:
                return rnd.nextInt(2001) - 1000;
            case 8:
                return (rnd.nextDouble() - 0.5) * Math.pow(10, rnd.nextInt(40));
            case 9:
                return rnd.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
            default:
                return rnd.nextDouble() * 10 - 5;
        }
    }

    private double[] realRange() {
        double a = real();
        double b = real();
        if (rnd.nextInt(12) != 0 && a > b) {
            double t = a;
            a = b;
            b = t;
        }
        return new double[] {a, b};
    }

    private int arraySize() {
        return rnd.nextInt(12) == 0 ? 0 : 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 300);
    }

    private List<Integer> elements(int n) {
        List<Integer> l = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            // Few distinct values: duplicates exercise pickValues' remove-by-value.
            l.add(rnd.nextBoolean() ? rnd.nextInt(4) : rnd.nextInt());
        }
        return l;
    }

    Op op() {
        switch (rnd.nextInt(43)) {
            case 0:
                return new Op("consumeBoolean()", "", FuzzedDataProvider::consumeBoolean);
            case 1: {
                int n = arrayLength();
                return new Op("consumeBooleans(int)", "(" + n + ")", p -> p.consumeBooleans(n));
            }
            case 2:
                return new Op("consumeByte()", "", FuzzedDataProvider::consumeByte);
            case 3: {
                long[] r = range(Byte.MIN_VALUE, Byte.MAX_VALUE);
                byte lo = (byte) r[0];
                byte hi = (byte) r[1];
                return new Op("consumeByte(byte,byte)", "(" + lo + "," + hi + ")", p -> p.consumeByte(lo, hi));
            }
            case 4: {
                int n = length();
                return new Op("consumeBytes(int)", "(" + n + ")", p -> p.consumeBytes(n));
            }
            case 5:
                return new Op("consumeRemainingAsBytes()", "", FuzzedDataProvider::consumeRemainingAsBytes);
            case 6:
                return new Op("consumeShort()", "", FuzzedDataProvider::consumeShort);
            case 7: {
                long[] r = range(Short.MIN_VALUE, Short.MAX_VALUE);
                short lo = (short) r[0];
                short hi = (short) r[1];
                return new Op("consumeShort(short,short)", "(" + lo + "," + hi + ")", p -> p.consumeShort(lo, hi));
            }
            case 8: {
                int n = arrayLength();
                return new Op("consumeShorts(int)", "(" + n + ")", p -> p.consumeShorts(n));
            }
            case 9:
                return new Op("consumeInt()", "", FuzzedDataProvider::consumeInt);
            case 10: {
                long[] r = range(Integer.MIN_VALUE, Integer.MAX_VALUE);
                int lo = (int) r[0];
                int hi = (int) r[1];
                return new Op("consumeInt(int,int)", "(" + lo + "," + hi + ")", p -> p.consumeInt(lo, hi));
            }
            case 11: {
                int n = arrayLength();
                return new Op("consumeInts(int)", "(" + n + ")", p -> p.consumeInts(n));
            }
            case 12:
                return new Op("consumeLong()", "", FuzzedDataProvider::consumeLong);
            case 13: {
                long[] r = range(Long.MIN_VALUE, Long.MAX_VALUE);
                long lo = r[0];
                long hi = r[1];
                return new Op("consumeLong(long,long)", "(" + lo + "," + hi + ")", p -> p.consumeLong(lo, hi));
            }
            case 14: {
                int n = arrayLength();
                return new Op("consumeLongs(int)", "(" + n + ")", p -> p.consumeLongs(n));
            }
            case 15:
                return new Op("consumeFloat()", "", FuzzedDataProvider::consumeFloat);
            case 16:
                return new Op("consumeRegularFloat()", "", FuzzedDataProvider::consumeRegularFloat);
            case 17: {
                double[] r = realRange();
                float lo = (float) r[0];
                float hi = (float) r[1];
                return new Op("consumeRegularFloat(float,float)", "(" + lo + "," + hi + ")",
                        p -> p.consumeRegularFloat(lo, hi));
            }
            case 18:
                return new Op("consumeProbabilityFloat()", "", FuzzedDataProvider::consumeProbabilityFloat);
            case 19:
                return new Op("consumeDouble()", "", FuzzedDataProvider::consumeDouble);
            case 20:
                return new Op("consumeRegularDouble()", "", FuzzedDataProvider::consumeRegularDouble);
            case 21: {
                double[] r = realRange();
                return new Op("consumeRegularDouble(double,double)", "(" + r[0] + "," + r[1] + ")",
                        p -> p.consumeRegularDouble(r[0], r[1]));
            }
            case 22:
                return new Op("consumeProbabilityDouble()", "", FuzzedDataProvider::consumeProbabilityDouble);
            case 23:
                return new Op("consumeChar()", "", FuzzedDataProvider::consumeChar);
            case 24: {
                long[] r = range(Character.MIN_VALUE, Character.MAX_VALUE);
                char lo = (char) r[0];
                char hi = (char) r[1];
                return new Op("consumeChar(char,char)", "(" + (int) lo + "," + (int) hi + ")", p -> p.consumeChar(lo, hi));
            }
            case 25:
                return new Op("consumeCharNoSurrogates()", "", FuzzedDataProvider::consumeCharNoSurrogates);
            case 26: {
                int n = length();
                return new Op("consumeString(int)", "(" + n + ")", p -> p.consumeString(n));
            }
            case 27:
                return new Op("consumeRemainingAsString()", "", FuzzedDataProvider::consumeRemainingAsString);
            case 28: {
                int n = length();
                return new Op("consumeAsciiString(int)", "(" + n + ")", p -> p.consumeAsciiString(n));
            }
            case 29:
                return new Op("consumeRemainingAsAsciiString()", "", FuzzedDataProvider::consumeRemainingAsAsciiString);
            case 30:
                return new Op("remainingBytes()", "", FuzzedDataProvider::remainingBytes);
            case 31: {
                List<Integer> l = elements(arraySize());
                if (rnd.nextBoolean()) {
                    return new Op("pickValue(Collection)", "(list " + l.size() + ")", p -> p.pickValue(l));
                }
                Set<Integer> set = new LinkedHashSet<>(l);
                return new Op("pickValue(Collection)", "(set " + set.size() + ")", p -> p.pickValue(set));
            }
            case 32: {
                Integer[] a = elements(arraySize()).toArray(new Integer[0]);
                return new Op("pickValue(Object[])", "(" + a.length + ")", p -> p.pickValue(a));
            }
            case 33: {
                boolean[] a = new boolean[arraySize()];
                for (int i = 0; i < a.length; i++) {
                    a[i] = rnd.nextBoolean();
                }
                return new Op("pickValue(boolean[])", "(" + a.length + ")", p -> p.pickValue(a));
            }
            case 34: {
                byte[] a = new byte[arraySize()];
                rnd.nextBytes(a);
                return new Op("pickValue(byte[])", "(" + a.length + ")", p -> p.pickValue(a));
            }
            case 35: {
                short[] a = new short[arraySize()];
                for (int i = 0; i < a.length; i++) {
                    a[i] = (short) rnd.nextInt();
                }
                return new Op("pickValue(short[])", "(" + a.length + ")", p -> p.pickValue(a));
            }
            case 36: {
                int[] a = new int[arraySize()];
                for (int i = 0; i < a.length; i++) {
                    a[i] = rnd.nextInt();
                }
                return new Op("pickValue(int[])", "(" + a.length + ")", p -> p.pickValue(a));
            }
            case 37: {
                long[] a = new long[arraySize()];
                for (int i = 0; i < a.length; i++) {
                    a[i] = rnd.nextLong();
                }
                return new Op("pickValue(long[])", "(" + a.length + ")", p -> p.pickValue(a));
            }
            case 38: {
                double[] a = new double[arraySize()];
                for (int i = 0; i < a.length; i++) {
                    a[i] = rnd.nextDouble();
                }
                return new Op("pickValue(double[])", "(" + a.length + ")", p -> p.pickValue(a));
            }
            case 39: {
                float[] a = new float[arraySize()];
                for (int i = 0; i < a.length; i++) {
                    a[i] = rnd.nextFloat();
                }
                return new Op("pickValue(float[])", "(" + a.length + ")", p -> p.pickValue(a));
            }
            case 40: {
                char[] a = new char[arraySize()];
                for (int i = 0; i < a.length; i++) {
                    a[i] = (char) rnd.nextInt(65536);
                }
                return new Op("pickValue(char[])", "(" + a.length + ")", p -> p.pickValue(a));
            }
            case 41: {
                List<Integer> l = elements(arraySize());
                int k = l.isEmpty() ? rnd.nextInt(2) : rnd.nextInt(l.size() + 2) - (rnd.nextInt(8) == 0 ? 1 : 0);
                Collection<Integer> c = rnd.nextBoolean() ? l : new LinkedHashSet<>(l);
                int size = c.size();
                return new Op("pickValues(Collection,int)", "(" + size + "," + k + ")", p -> p.pickValues(c, k));
            }
            default: {
                Integer[] a = elements(arraySize()).toArray(new Integer[0]);
                int k = a.length == 0 ? rnd.nextInt(2) : rnd.nextInt(a.length + 2);
                return new Op("pickValues(Object[],int)", "(" + a.length + "," + k + ")", p -> p.pickValues(a, k));
            }
        }
    }
}
