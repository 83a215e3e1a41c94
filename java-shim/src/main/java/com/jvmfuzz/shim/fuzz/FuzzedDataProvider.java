/*
 * jvmfuzz's data provider: turns the fuzzer's raw bytes into typed values. The method set
 * follows Jazzer's com.code_intelligence.jazzer.api.FuzzedDataProvider, but harnesses that take
 * Jazzer's interface get JazzerLayout (Jazzer's layout, value for value), not this class.
 *
 * Unlike Jazzer, everything is consumed from the front, primitives big-endian: a value the
 * target compares against a constant then appears in the input exactly as the constant's bytes,
 * which is what the automatic dictionary and the comparison feedback insert. Running out of
 * data never throws: missing bytes read as zero, arrays and strings come out shorter.
 */
package com.jvmfuzz.shim.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

public final class FuzzedDataProvider {
    private final byte[] data;
    private int pos;

    public FuzzedDataProvider(byte[] data) {
        this.data = data == null ? new byte[0] : data;
    }

    public int remainingBytes() {
        return data.length - pos;
    }

    /* n bytes as an unsigned big-endian number; missing bytes are 0. */
    private long next(int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            v = (v << 8) | (pos < data.length ? (data[pos++] & 0xff) : 0);
        }
        return v;
    }

    public boolean consumeBoolean() {
        return (next(1) & 1) != 0;
    }

    public byte consumeByte() {
        return (byte) next(1);
    }

    public short consumeShort() {
        return (short) next(2);
    }

    public int consumeInt() {
        return (int) next(4);
    }

    public long consumeLong() {
        return next(8);
    }

    public char consumeChar() {
        return (char) next(2);
    }

    /* A value in [min, max] from as few bytes as the range needs. */
    private long range(long min, long max) {
        if (min > max) {
            throw new IllegalArgumentException("min must be <= max: " + min + " > " + max);
        }
        long span = max - min; // may overflow to negative for the full long range
        if (span == 0) {
            return min;
        }
        int bytes = 0;
        long v = 0;
        for (long s = span; s != 0 && bytes < 8; s >>>= 8) {
            v = (v << 8) | next(1);
            bytes++;
        }
        if (span == -1L) {
            return min + v;
        }
        return min + Long.remainderUnsigned(v, span + 1);
    }

    public byte consumeByte(byte min, byte max) {
        return (byte) range(min, max);
    }

    public short consumeShort(short min, short max) {
        return (short) range(min, max);
    }

    public int consumeInt(int min, int max) {
        return (int) range(min, max);
    }

    public long consumeLong(long min, long max) {
        return range(min, max);
    }

    public char consumeChar(char min, char max) {
        return (char) range(min, max);
    }

    public char consumeCharNoSurrogates() {
        char c = consumeChar();
        return Character.isSurrogate(c) ? (char) (c & 0x00ff) : c;
    }

    public boolean[] consumeBooleans(int maxLength) {
        int n = Math.max(0, Math.min(maxLength, remainingBytes()));
        boolean[] out = new boolean[n];
        for (int i = 0; i < n; i++) {
            out[i] = consumeBoolean();
        }
        return out;
    }

    public short[] consumeShorts(int maxLength) {
        int n = Math.max(0, Math.min(maxLength, remainingBytes() / 2));
        short[] out = new short[n];
        for (int i = 0; i < n; i++) {
            out[i] = consumeShort();
        }
        return out;
    }

    public int[] consumeInts(int maxLength) {
        int n = Math.max(0, Math.min(maxLength, remainingBytes() / 4));
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = consumeInt();
        }
        return out;
    }

    public long[] consumeLongs(int maxLength) {
        int n = Math.max(0, Math.min(maxLength, remainingBytes() / 8));
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = consumeLong();
        }
        return out;
    }

    public float consumeFloat() {
        return Float.intBitsToFloat(consumeInt());
    }

    public double consumeDouble() {
        return Double.longBitsToDouble(consumeLong());
    }

    public float consumeProbabilityFloat() {
        return (float) ((next(4) & 0xffffffffL) / (double) 0xffffffffL);
    }

    public double consumeProbabilityDouble() {
        return (next(8) >>> 11) / (double) (1L << 53);
    }

    public float consumeRegularFloat() {
        return consumeRegularFloat(-Float.MAX_VALUE, Float.MAX_VALUE);
    }

    public float consumeRegularFloat(float min, float max) {
        if (min > max) {
            throw new IllegalArgumentException("min must be <= max");
        }
        double v = min + ((double) max - (double) min) * consumeProbabilityDouble();
        return (float) Math.min(max, Math.max(min, v));
    }

    public double consumeRegularDouble() {
        return consumeRegularDouble(-Double.MAX_VALUE, Double.MAX_VALUE);
    }

    public double consumeRegularDouble(double min, double max) {
        if (min > max) {
            throw new IllegalArgumentException("min must be <= max");
        }
        double p = consumeProbabilityDouble();
        // Split to avoid overflow of (max - min) for the full range.
        double v = min / 2 * (1 - p) * 2 + max / 2 * p * 2;
        return Math.min(max, Math.max(min, v));
    }

    public byte[] consumeBytes(int maxLength) {
        int n = Math.max(0, Math.min(maxLength, remainingBytes()));
        byte[] out = new byte[n];
        System.arraycopy(data, pos, out, 0, n);
        pos += n;
        return out;
    }

    public byte[] consumeRemainingAsBytes() {
        return consumeBytes(remainingBytes());
    }

    /* Up to maxLength chars of UTF-8; invalid sequences decode to U+FFFD. */
    public String consumeString(int maxLength) {
        if (maxLength <= 0) {
            return "";
        }
        // A UTF-8 character takes at most 4 bytes: decode a bounded prefix, keep maxLength chars.
        int take = (int) Math.min((long) maxLength * 4, remainingBytes());
        String s = new String(data, pos, take, StandardCharsets.UTF_8);
        if (s.length() > maxLength) {
            s = s.substring(0, maxLength);
            if (Character.isHighSurrogate(s.charAt(s.length() - 1))) {
                s = s.substring(0, s.length() - 1);
            }
            take = Math.min(take, s.getBytes(StandardCharsets.UTF_8).length);
        }
        pos += take;
        return s;
    }

    public String consumeRemainingAsString() {
        String s = new String(data, pos, remainingBytes(), StandardCharsets.UTF_8);
        pos = data.length;
        return s;
    }

    public String consumeAsciiString(int maxLength) {
        int n = Math.max(0, Math.min(maxLength, remainingBytes()));
        char[] out = new char[n];
        for (int i = 0; i < n; i++) {
            out[i] = (char) (data[pos++] & 0x7f);
        }
        return new String(out);
    }

    public String consumeRemainingAsAsciiString() {
        return consumeAsciiString(remainingBytes());
    }

    public <T> T pickValue(Collection<T> collection) {
        if (collection.isEmpty()) {
            throw new IllegalArgumentException("collection is empty");
        }
        int i = consumeInt(0, collection.size() - 1);
        if (collection instanceof List) {
            return ((List<T>) collection).get(i);
        }
        for (T t : collection) {
            if (i-- == 0) {
                return t;
            }
        }
        throw new IllegalStateException("collection changed size");
    }

    public <T> T pickValue(T[] array) {
        return array[pickIndex(array.length)];
    }

    public boolean pickValue(boolean[] array) {
        return array[pickIndex(array.length)];
    }

    public byte pickValue(byte[] array) {
        return array[pickIndex(array.length)];
    }

    public short pickValue(short[] array) {
        return array[pickIndex(array.length)];
    }

    public int pickValue(int[] array) {
        return array[pickIndex(array.length)];
    }

    public long pickValue(long[] array) {
        return array[pickIndex(array.length)];
    }

    public double pickValue(double[] array) {
        return array[pickIndex(array.length)];
    }

    public float pickValue(float[] array) {
        return array[pickIndex(array.length)];
    }

    public char pickValue(char[] array) {
        return array[pickIndex(array.length)];
    }

    private int pickIndex(int length) {
        if (length == 0) {
            throw new IllegalArgumentException("array is empty");
        }
        return consumeInt(0, length - 1);
    }

    public <T> List<T> pickValues(Collection<T> collection, int numOfElements) {
        if (numOfElements > collection.size()) {
            throw new IllegalArgumentException("numOfElements exceeds the collection size");
        }
        List<T> left = new ArrayList<>(collection);
        List<T> out = new ArrayList<>(numOfElements);
        for (int i = 0; i < numOfElements; i++) {
            out.add(left.remove(consumeInt(0, left.size() - 1)));
        }
        return out;
    }

    public <T> List<T> pickValues(T[] array, int numOfElements) {
        List<T> all = new ArrayList<>(array.length);
        Collections.addAll(all, array);
        return pickValues(all, numOfElements);
    }
}
