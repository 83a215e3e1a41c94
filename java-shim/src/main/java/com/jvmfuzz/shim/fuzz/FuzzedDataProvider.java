/*
 * jvmfuzz's data provider: turns the fuzzer's raw bytes into typed values. The method set
 * follows Jazzer's com.code_intelligence.jazzer.api.FuzzedDataProvider, but harnesses that take
 * Jazzer's interface get JazzerLayout (Jazzer's layout, value for value), not this class.
 *
 * Unlike Jazzer, everything is consumed from the front, primitives big-endian: a value the
 * target compares against a constant then appears in the input exactly as the constant's bytes,
 * which is what the automatic dictionary and the comparison feedback insert. Running out of
 * data never throws: missing bytes read as zero, arrays and strings come out shorter.
 *
 * In trace mode (Sym.active(), the solver's second run of an input) the values also get
 * shadows over the input's bytes (com.jvmfuzz.shim.sym.Sources); what is returned is the same.
 */
package com.jvmfuzz.shim.fuzz;

import com.jvmfuzz.shim.sym.Sources;
import com.jvmfuzz.shim.sym.Sym;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

public final class FuzzedDataProvider {
    /* Trace mode: the keys of the harness's calls whose results get a shadow. */
    private static final int K_BOOLEAN = Sym.key("consumeBoolean()Z");
    private static final int K_BYTE = Sym.key("consumeByte()B");
    private static final int K_SHORT = Sym.key("consumeShort()S");
    private static final int K_INT = Sym.key("consumeInt()I");
    private static final int K_LONG = Sym.key("consumeLong()J");
    private static final int K_CHAR = Sym.key("consumeChar()C");
    private static final int K_BYTE_RANGE = Sym.key("consumeByte(BB)B");
    private static final int K_SHORT_RANGE = Sym.key("consumeShort(SS)S");
    private static final int K_INT_RANGE = Sym.key("consumeInt(II)I");
    private static final int K_LONG_RANGE = Sym.key("consumeLong(JJ)J");
    private static final int K_CHAR_RANGE = Sym.key("consumeChar(CC)C");
    private static final int K_NO_SURROGATES = Sym.key("consumeCharNoSurrogates()C");

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
        int from = pos;
        boolean v = (next(1) & 1) != 0;
        if (Sym.active()) {
            Sources.frontNumber(K_BOOLEAN, Sources.BOOLEAN, data, from, 1);
        }
        return v;
    }

    public byte consumeByte() {
        int from = pos;
        byte v = (byte) next(1);
        if (Sym.active()) {
            Sources.frontNumber(K_BYTE, Sources.BYTE, data, from, 1);
        }
        return v;
    }

    public short consumeShort() {
        int from = pos;
        short v = (short) next(2);
        if (Sym.active()) {
            Sources.frontNumber(K_SHORT, Sources.SHORT, data, from, 2);
        }
        return v;
    }

    public int consumeInt() {
        int from = pos;
        int v = (int) next(4);
        if (Sym.active()) {
            Sources.frontNumber(K_INT, Sources.INT, data, from, 4);
        }
        return v;
    }

    public long consumeLong() {
        int from = pos;
        long v = next(8);
        if (Sym.active()) {
            Sources.frontNumber(K_LONG, Sources.LONG, data, from, 8);
        }
        return v;
    }

    public char consumeChar() {
        int from = pos;
        char v = (char) next(2);
        if (Sym.active()) {
            Sources.frontNumber(K_CHAR, Sources.CHAR, data, from, 2);
        }
        return v;
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
        int from = pos;
        byte v = (byte) range(min, max);
        if (Sym.active()) {
            Sources.frontRange(K_BYTE_RANGE, Sources.BYTE, data, from, min, max);
        }
        return v;
    }

    public short consumeShort(short min, short max) {
        int from = pos;
        short v = (short) range(min, max);
        if (Sym.active()) {
            Sources.frontRange(K_SHORT_RANGE, Sources.SHORT, data, from, min, max);
        }
        return v;
    }

    public int consumeInt(int min, int max) {
        int from = pos;
        int v = (int) range(min, max);
        if (Sym.active()) {
            Sources.frontRange(K_INT_RANGE, Sources.INT, data, from, min, max);
        }
        return v;
    }

    public long consumeLong(long min, long max) {
        int from = pos;
        long v = range(min, max);
        if (Sym.active()) {
            Sources.frontRange(K_LONG_RANGE, Sources.LONG, data, from, min, max);
        }
        return v;
    }

    public char consumeChar(char min, char max) {
        int from = pos;
        char v = (char) range(min, max);
        if (Sym.active()) {
            Sources.frontRange(K_CHAR_RANGE, Sources.CHAR, data, from, min, max);
        }
        return v;
    }

    public char consumeCharNoSurrogates() {
        int from = pos;
        char c = consumeChar();
        if (Sym.active()) {
            Sources.frontNoSurrogates(K_NO_SURROGATES, data, from);
        }
        return Character.isSurrogate(c) ? (char) (c & 0x00ff) : c;
    }

    public boolean[] consumeBooleans(int maxLength) {
        int n = Math.max(0, Math.min(maxLength, remainingBytes()));
        int from = pos;
        boolean[] out = new boolean[n];
        for (int i = 0; i < n; i++) {
            out[i] = consumeBoolean();
        }
        if (Sym.active()) {
            Sources.elements(out, n, Sources.BOOLEAN, 1, data, from, true, false);
        }
        return out;
    }

    public short[] consumeShorts(int maxLength) {
        int n = Math.max(0, Math.min(maxLength, remainingBytes() / 2));
        int from = pos;
        short[] out = new short[n];
        for (int i = 0; i < n; i++) {
            out[i] = consumeShort();
        }
        if (Sym.active()) {
            Sources.elements(out, n, Sources.SHORT, 2, data, from, true, false);
        }
        return out;
    }

    public int[] consumeInts(int maxLength) {
        int n = Math.max(0, Math.min(maxLength, remainingBytes() / 4));
        int from = pos;
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = consumeInt();
        }
        if (Sym.active()) {
            Sources.elements(out, n, Sources.INT, 4, data, from, true, false);
        }
        return out;
    }

    public long[] consumeLongs(int maxLength) {
        int n = Math.max(0, Math.min(maxLength, remainingBytes() / 8));
        int from = pos;
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = consumeLong();
        }
        if (Sym.active()) {
            Sources.elements(out, n, Sources.LONG, 8, data, from, true, false);
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
        if (Sym.active()) {
            Sources.copy(out, data, pos);
        }
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
        String decoded = s;
        int decodedBytes = take;
        if (s.length() > maxLength) {
            s = s.substring(0, maxLength);
            if (Character.isHighSurrogate(s.charAt(s.length() - 1))) {
                s = s.substring(0, s.length() - 1);
            }
            take = Math.min(take, s.getBytes(StandardCharsets.UTF_8).length);
        }
        if (Sym.active()) {
            Sources.utf8String(s, decoded, data, pos, decodedBytes);
        }
        pos += take;
        return s;
    }

    public String consumeRemainingAsString() {
        String s = new String(data, pos, remainingBytes(), StandardCharsets.UTF_8);
        if (Sym.active()) {
            Sources.utf8String(s, s, data, pos, remainingBytes());
        }
        pos = data.length;
        return s;
    }

    public String consumeAsciiString(int maxLength) {
        int n = Math.max(0, Math.min(maxLength, remainingBytes()));
        int from = pos;
        char[] out = new char[n];
        for (int i = 0; i < n; i++) {
            out[i] = (char) (data[pos++] & 0x7f);
        }
        String s = new String(out);
        if (Sym.active()) {
            Sources.asciiString(s, data, from);
        }
        return s;
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
