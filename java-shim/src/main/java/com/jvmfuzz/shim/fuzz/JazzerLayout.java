/*
 * The data provider harnesses written against Jazzer's interface get (through JazzerAdapter):
 * for the same bytes and the same calls, every method returns what Jazzer 0.30.0's native
 * FuzzedDataProviderImpl returns (libFuzzer's FuzzedDataProvider layout plus Jazzer's string
 * handling), so corpora and crash files of Jazzer and OSS-Fuzz campaigns replay the same path.
 * tests/tests/fuzz_jazzer_fdp.rs checks that against Jazzer itself on random inputs and calls.
 *
 * The layout:
 * - Numbers (consumeInt, consumeLong(min, max), consumeBoolean, consumeChar, probabilities,
 *   floats, picks) are taken from the END of the input, one byte at a time, the last byte
 *   most significant: the bytes a 32-bit value occupies are its little-endian bytes, at the
 *   input's end. A range reads only as many bytes as the span needs; a raw value that already
 *   lies in [min, max] is returned as is, any other is min + raw % (span + 1).
 * - Arrays (consumeBytes, consumeInts, ...) are taken from the FRONT, elements little-endian.
 * - Strings are taken from the FRONT, bytes fixed up into valid (modified) UTF-8 one by one;
 *   consumeString and consumeAsciiString end at a single backslash (a double one is one
 *   backslash), the consumeRemainingAs* ones do not.
 *
 * jvmfuzz's own FuzzedDataProvider (front first, big-endian) is a different class and stays
 * as it is. One instance serves every execution (reset per input), as in Jazzer, and, as
 * Jazzer's does, it reads the fuzzer's input where it lies (Runner.runInput: a direct buffer
 * over the fuzzer's memory), copying only what a method returns.
 *
 * In trace mode (Sym.active(), the solver's second run of an input) numbers, arrays and the
 * ASCII chars of strings also get shadows over the input's bytes (com.jvmfuzz.shim.sym.Sources);
 * what is returned is the same. While the fuzzer traces an input's comparisons, each string's
 * chars are mapped to the bytes they came from (Spans.text), for splices at the exact place.
 */
package com.jvmfuzz.shim.fuzz;

import com.jvmfuzz.shim.sym.Sources;
import com.jvmfuzz.shim.sym.Sym;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

final class JazzerLayout {
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

    /*
     * The input: the fuzzer's buffer (native memory, read in place) or an array wrapped. The
     * unread bytes are [front, front + remaining).
     */
    private ByteBuffer in = ByteBuffer.allocate(0);
    private int length;
    /* The input as an array, for trace mode's shadows: the array reset was given, or null. */
    private byte[] data = new byte[0];
    private int front;
    private int remaining;
    /* Scratch for the modified UTF-8 of one string. */
    private byte[] utf8 = new byte[64];

    void reset(byte[] input) {
        data = input == null ? new byte[0] : input;
        in = ByteBuffer.wrap(data);
        length = data.length;
        front = 0;
        remaining = length;
        Spans.begin(length);
    }

    /* The first `n` bytes of `input`, read where they are (no copy). */
    void reset(ByteBuffer input, int n) {
        data = null;
        in = input;
        length = n;
        front = 0;
        remaining = n;
        Spans.begin(n);
    }

    private byte at(int i) {
        return in.get(i);
    }

    /* The input as an array (trace mode only: a copy when the input is the fuzzer's buffer). */
    private byte[] traced() {
        if (data == null) {
            data = new byte[length];
            ByteBuffer all = in.duplicate();
            all.position(0);
            all.get(data, 0, length);
        }
        return data;
    }

    int remainingBytes() {
        return remaining;
    }

    // ---------------------------------------------------------------- numbers, from the end

    /*
     * Up to `bits`/8 bytes from the end while the span still has bits above those read; the
     * last byte is the most significant.
     */
    private long raw(long span, int bits) {
        long v = 0;
        for (int shift = 0; shift < bits && (span >>> shift) != 0 && remaining != 0; shift += 8) {
            remaining--;
            v = (v << 8) | (at(front + remaining) & 0xff);
        }
        return v;
    }

    /* [min, max] of a signed type of `bits` bits (values sign-extended into longs). */
    private long signedRange(long min, long max, int bits) {
        long span = max - min;
        long v = raw(span, bits);
        long asType = bits == 64 ? v : (v << (64 - bits)) >> (64 - bits);
        if (min <= asType && asType <= max) {
            return asType;
        }
        if (span != -1L) {
            v = Long.remainderUnsigned(v, span + 1);
        }
        return min + v;
    }

    /* n unsigned bits: the raw value, no range. */
    private long unsigned(int bits) {
        return raw(-1L, bits);
    }

    boolean consumeBoolean() {
        int end = front + remaining;
        boolean v = (unsigned(8) & 1) != 0;
        if (Sym.active()) {
            Sources.endNumber(K_BOOLEAN, Sources.BOOLEAN, traced(), end, end - front - remaining);
        }
        return v;
    }

    byte consumeByte() {
        int end = front + remaining;
        byte v = (byte) unsigned(8);
        if (Sym.active()) {
            Sources.endNumber(K_BYTE, Sources.BYTE, traced(), end, end - front - remaining);
        }
        return v;
    }

    short consumeShort() {
        int end = front + remaining;
        short v = (short) unsigned(16);
        if (Sym.active()) {
            Sources.endNumber(K_SHORT, Sources.SHORT, traced(), end, end - front - remaining);
        }
        return v;
    }

    int consumeInt() {
        int end = front + remaining;
        int v = (int) unsigned(32);
        if (Sym.active()) {
            Sources.endNumber(K_INT, Sources.INT, traced(), end, end - front - remaining);
        }
        return v;
    }

    long consumeLong() {
        int end = front + remaining;
        long v = unsigned(64);
        if (Sym.active()) {
            Sources.endNumber(K_LONG, Sources.LONG, traced(), end, end - front - remaining);
        }
        return v;
    }

    char consumeChar() {
        int end = front + remaining;
        char v = (char) unsigned(16);
        if (Sym.active()) {
            Sources.endNumber(K_CHAR, Sources.CHAR, traced(), end, end - front - remaining);
        }
        return v;
    }

    char consumeCharNoSurrogates() {
        int end = front + remaining;
        char c = consumeChar();
        if (Sym.active()) {
            Sources.endNoSurrogates(K_NO_SURROGATES, traced(), end, end - front - remaining);
        }
        return c >= 0xd800 && c < 0xe000 ? (char) (c - 0xd800) : c;
    }

    byte consumeByte(byte min, byte max) {
        checkRange(min, max);
        int end = front + remaining;
        byte v = (byte) signedRange(min, max, 8);
        if (Sym.active()) {
            Sources.endRange(K_BYTE_RANGE, Sources.BYTE, traced(), end, end - front - remaining, min, max, 8);
        }
        return v;
    }

    short consumeShort(short min, short max) {
        checkRange(min, max);
        int end = front + remaining;
        short v = (short) signedRange(min, max, 16);
        if (Sym.active()) {
            Sources.endRange(K_SHORT_RANGE, Sources.SHORT, traced(), end, end - front - remaining, min, max, 16);
        }
        return v;
    }

    int consumeInt(int min, int max) {
        checkRange(min, max);
        int end = front + remaining;
        int v = (int) signedRange(min, max, 32);
        if (Sym.active()) {
            Sources.endRange(K_INT_RANGE, Sources.INT, traced(), end, end - front - remaining, min, max, 32);
        }
        return v;
    }

    long consumeLong(long min, long max) {
        checkRange(min, max);
        int end = front + remaining;
        long v = signedRange(min, max, 64);
        if (Sym.active()) {
            Sources.endRange(K_LONG_RANGE, Sources.LONG, traced(), end, end - front - remaining, min, max, 64);
        }
        return v;
    }

    char consumeChar(char min, char max) {
        if (min > max) {
            throw new IllegalArgumentException(
                    String.format("min must be <= max (got min: %c, max: %c)", min, max));
        }
        long span = max - min;
        int end = front + remaining;
        long v = raw(span, 16);
        if (Sym.active()) {
            Sources.endCharRange(K_CHAR_RANGE, traced(), end, end - front - remaining, min, max);
        }
        if (min <= v && v <= max) {
            return (char) v;
        }
        return (char) (min + v % (span + 1));
    }

    private static void checkRange(long min, long max) {
        if (min > max) {
            throw new IllegalArgumentException(
                    String.format("min must be <= max (got min: %d, max: %d)", min, max));
        }
    }

    float consumeProbabilityFloat() {
        return (float) unsigned(32) / 4294967295f;
    }

    double consumeProbabilityDouble() {
        return unsignedToDouble(unsigned(64)) / 18446744073709551615.0;
    }

    /* An unsigned 64-bit value as the nearest double (round half to even, like C++'s cast). */
    private static double unsignedToDouble(long v) {
        if (v >= 0) {
            return v;
        }
        // Halve with the lost bit kept sticky, convert, double: rounds exactly once.
        return (double) ((v >>> 1) | (v & 1)) * 2.0;
    }

    float consumeRegularFloat(float min, float max) {
        if (!Float.isFinite(min)) {
            throw new IllegalArgumentException("min must be a regular float");
        }
        if (!Float.isFinite(max)) {
            throw new IllegalArgumentException("max must be a regular float");
        }
        if (min > max) {
            throw new IllegalArgumentException(
                    String.format("min must be <= max (got min: %f, max: %f)", min, max));
        }
        return floatInRange(min, max);
    }

    float consumeRegularFloat() {
        return floatInRange(-Float.MAX_VALUE, Float.MAX_VALUE);
    }

    private float floatInRange(float min, float max) {
        float span;
        float result = min;
        if (min < 0 && max > 0 && min + Float.MAX_VALUE < max) {
            // The span overflows: halves, and a boolean chooses the upper one.
            span = max / 2 - min / 2;
            if (consumeBoolean()) {
                result += span;
            }
        } else {
            span = max - min;
        }
        result += span * consumeProbabilityFloat();
        return max < result ? max : result;
    }

    double consumeRegularDouble(double min, double max) {
        if (!Double.isFinite(min)) {
            throw new IllegalArgumentException("min must be a regular double");
        }
        if (!Double.isFinite(max)) {
            throw new IllegalArgumentException("max must be a regular double");
        }
        if (min > max) {
            throw new IllegalArgumentException(
                    String.format("min must be <= max (got min: %f, max: %f)", min, max));
        }
        return doubleInRange(min, max);
    }

    double consumeRegularDouble() {
        return doubleInRange(-Double.MAX_VALUE, Double.MAX_VALUE);
    }

    private double doubleInRange(double min, double max) {
        double span;
        double result = min;
        if (min < 0 && max > 0 && min + Double.MAX_VALUE < max) {
            span = max / 2 - min / 2;
            if (consumeBoolean()) {
                result += span;
            }
        } else {
            span = max - min;
        }
        result += span * consumeProbabilityDouble();
        return max < result ? max : result;
    }

    /* Special values for the selector bytes 0-10; other selectors give a regular float. */
    private static final float[] SPECIAL_FLOATS = {
        0f, -0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN, Float.MIN_VALUE,
        -Float.MIN_VALUE, Float.MIN_NORMAL, -Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE
    };
    private static final double[] SPECIAL_DOUBLES = {
        0d, -0d, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, Double.MIN_VALUE,
        -Double.MIN_VALUE, Double.MIN_NORMAL, -Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE
    };

    float consumeFloat() {
        if (remaining == 0) {
            return 0f;
        }
        int selector = (int) unsigned(8);
        // A special value still consumes what a regular one would.
        float regular = consumeRegularFloat();
        return selector < SPECIAL_FLOATS.length ? SPECIAL_FLOATS[selector] : regular;
    }

    double consumeDouble() {
        if (remaining == 0) {
            return 0d;
        }
        int selector = (int) unsigned(8);
        double regular = consumeRegularDouble();
        return selector < SPECIAL_DOUBLES.length ? SPECIAL_DOUBLES[selector] : regular;
    }

    // ---------------------------------------------------------------- arrays, from the front

    /* How many elements of `size` bytes an array of at most maxLength gets (none consumed yet). */
    private int elements(int maxLength, int size) {
        if (maxLength < 0) {
            throw new IllegalArgumentException("maxLength must not be negative");
        }
        return Math.min(maxLength, remaining / size);
    }

    private void advance(int bytes) {
        front += bytes;
        remaining -= bytes;
    }

    boolean[] consumeBooleans(int maxLength) {
        int n = elements(maxLength, 1);
        boolean[] out = new boolean[n];
        for (int i = 0; i < n; i++) {
            out[i] = at(front + i) != 0;
        }
        if (Sym.active()) {
            Sources.elements(out, n, Sources.BOOLEAN, 1, traced(), front, false, true);
        }
        advance(n);
        return out;
    }

    byte[] consumeBytes(int maxLength) {
        int n = elements(maxLength, 1);
        byte[] out = new byte[n];
        // A view of its own: the buffer's position is shared with whoever reads it next (a
        // harness may hand the provider to another thread).
        ByteBuffer from = in.duplicate();
        from.position(front);
        from.get(out, 0, n);
        if (Sym.active()) {
            Sources.copy(out, traced(), front);
        }
        advance(n);
        return out;
    }

    byte[] consumeRemainingAsBytes() {
        return consumeBytes(Integer.MAX_VALUE);
    }

    short[] consumeShorts(int maxLength) {
        int n = elements(maxLength, 2);
        short[] out = new short[n];
        for (int i = 0, p = front; i < n; i++, p += 2) {
            out[i] = (short) ((at(p) & 0xff) | (at(p + 1) << 8));
        }
        if (Sym.active()) {
            Sources.elements(out, n, Sources.SHORT, 2, traced(), front, false, false);
        }
        advance(2 * n);
        return out;
    }

    int[] consumeInts(int maxLength) {
        int n = elements(maxLength, 4);
        int[] out = new int[n];
        for (int i = 0, p = front; i < n; i++, p += 4) {
            out[i] = littleEndian(p, 4);
        }
        if (Sym.active()) {
            Sources.elements(out, n, Sources.INT, 4, traced(), front, false, false);
        }
        advance(4 * n);
        return out;
    }

    long[] consumeLongs(int maxLength) {
        int n = elements(maxLength, 8);
        long[] out = new long[n];
        for (int i = 0, p = front; i < n; i++, p += 8) {
            out[i] = (littleEndian(p, 4) & 0xffffffffL) | ((long) littleEndian(p + 4, 4) << 32);
        }
        if (Sym.active()) {
            Sources.elements(out, n, Sources.LONG, 8, traced(), front, false, false);
        }
        advance(8 * n);
        return out;
    }

    private int littleEndian(int p, int n) {
        int v = 0;
        for (int i = n - 1; i >= 0; i--) {
            v = (v << 8) | (at(p + i) & 0xff);
        }
        return v;
    }

    // ---------------------------------------------------------------- strings, from the front

    String consumeString(int maxLength) {
        return string(maxLength, false, true);
    }

    String consumeAsciiString(int maxLength) {
        return string(maxLength, true, true);
    }

    String consumeRemainingAsString() {
        return string(Integer.MAX_VALUE, false, false);
    }

    String consumeRemainingAsAsciiString() {
        return string(Integer.MAX_VALUE, true, false);
    }

    /* Where the byte-by-byte UTF-8 repair stands: what the next byte must be. */
    private static final int LEAD = 0;
    private static final int AFTER_BACKSLASH = 1;
    private static final int CONT_OF_2 = 2; // second byte of a 2-byte character
    private static final int CONT_OF_2_LOW = 3; // ... whose lead byte might make it overlong
    private static final int FIRST_OF_3_LOW = 4; // after lead 0xE0 (might be overlong)
    private static final int FIRST_OF_3_SURROGATE = 5; // after lead 0xED (a surrogate may start)
    private static final int FIRST_OF_3 = 6;
    private static final int SECOND_OF_3 = 7;
    private static final int LOW_SURROGATE_LEAD = 8; // a high surrogate needs a low one
    private static final int LOW_SURROGATE_FIRST = 9;
    private static final int HIGH_SURROGATE_SECOND = 10;
    private static final int LOW_SURROGATE_SECOND = 11;

    /* Bytes of an unfinished character to drop at the end, by state. */
    private static final int[] UNFINISHED = {0, 0, 1, 1, 1, 1, 1, 2, 3, 4, 2, 5};

    private static byte continuation(int c) {
        return (byte) ((c | 0x80) & ~0x40);
    }

    private String string(int maxLength, boolean ascii, boolean backslashEnds) {
        if (maxLength < 0) {
            throw new IllegalArgumentException("maxLength must not be negative");
        }
        if (maxLength == 0 || remaining == 0) {
            return "";
        }
        if (remaining == 1) {
            advance(1);
            return "";
        }
        // Each input byte becomes at most one output byte, except NUL (two).
        long cap = Math.min(2L * remaining, 6L * maxLength);
        if (utf8.length < cap) {
            utf8 = new byte[(int) cap];
        }
        byte[] out = utf8;
        // Trace mode and the fuzzer's traces (Spans): sources[i] - 1 is the byte char i was
        // read from as an ASCII character.
        boolean sym = Sym.active();
        int[] sources = sym || Spans.recording() ? new int[Math.min(maxLength, remaining)] : null;
        int n = 0;
        int state = LEAD;
        int p = front;
        int end = front + remaining;
        int length = 0;
        boolean ended = false;
        while (length < maxLength && p != end) {
            int c = at(p) & 0xff;
            if (ascii) {
                c &= 0x7f;
            }
            switch (state) {
                case LEAD: {
                    int ones = ascii ? 0 : (c == 0xff ? 8 : Integer.numberOfLeadingZeros(~c & 0xff) - 24);
                    if (ones == 0) {
                        if (c == 0) {
                            // NUL takes two bytes in modified UTF-8.
                            out[n++] = (byte) 0xc0;
                            c = 0x80;
                        } else if (backslashEnds && c == '\\') {
                            if (sym) {
                                Sources.backslash(traced(), p, ascii, true);
                            }
                            state = AFTER_BACKSLASH;
                            p++;
                            continue;
                        }
                        if (sources != null) {
                            sources[length] = p + 1;
                        }
                        length++;
                    } else if (ones <= 2) {
                        if (ones == 1) {
                            // A continuation byte in lead position becomes a 2-byte lead.
                            c = (c | 0x40) & ~0x20;
                        }
                        state = (c & 0x1e) == 0 ? CONT_OF_2_LOW : CONT_OF_2;
                    } else {
                        if (ones > 3) {
                            // No 4-byte characters in modified UTF-8: make it a 3-byte lead.
                            c &= ~0x10;
                        }
                        state = c == 0xe0 ? FIRST_OF_3_LOW : c == 0xed ? FIRST_OF_3_SURROGATE : FIRST_OF_3;
                    }
                    break;
                }
                case AFTER_BACKSLASH:
                    if (sym) {
                        Sources.backslash(traced(), p, ascii, c == '\\');
                    }
                    if (c != '\\') {
                        // A single backslash ends the string; the byte after it is consumed.
                        p++;
                        ended = true;
                        break;
                    }
                    state = LEAD;
                    length++;
                    break;
                case CONT_OF_2_LOW: {
                    c = continuation(c) & 0xff;
                    int lead = out[n - 1] & 0xff;
                    if (lead != 0xc0 || c != 0x80) {
                        // Not an encoded NUL: keep the character out of the ASCII range.
                        out[n - 1] = (byte) (lead | 0x02);
                    }
                    state = LEAD;
                    length++;
                    break;
                }
                case CONT_OF_2:
                case SECOND_OF_3:
                case LOW_SURROGATE_SECOND:
                    c = continuation(c) & 0xff;
                    state = LEAD;
                    length++;
                    break;
                case FIRST_OF_3_LOW:
                    c = (continuation(c) & 0xff) | 0x20;
                    state = SECOND_OF_3;
                    break;
                case FIRST_OF_3_SURROGATE:
                    c = continuation(c) & 0xff;
                    if ((c & 0x20) != 0) {
                        c &= ~0x10; // a high surrogate, D800-DBFF
                        state = HIGH_SURROGATE_SECOND;
                    } else {
                        state = SECOND_OF_3;
                    }
                    break;
                case FIRST_OF_3:
                    c = continuation(c) & 0xff;
                    state = SECOND_OF_3;
                    break;
                case HIGH_SURROGATE_SECOND:
                    c = continuation(c) & 0xff;
                    state = LOW_SURROGATE_LEAD;
                    length++;
                    break;
                case LOW_SURROGATE_LEAD:
                    // The byte is consumed but replaced by the fixed lead of a low surrogate.
                    c = 0xed;
                    state = LOW_SURROGATE_FIRST;
                    break;
                default: // LOW_SURROGATE_FIRST
                    c = (continuation(c) & 0xff) | 0x30; // DC00-DFFF
                    state = LOW_SURROGATE_SECOND;
                    break;
            }
            if (ended) {
                break;
            }
            out[n++] = (byte) c;
            p++;
        }
        if (!ended) {
            n -= UNFINISHED[state];
        }
        advance(p - front);
        String s = decode(out, n);
        if (sym) {
            Sources.jazzerString(s, traced(), sources, ascii, backslashEnds);
        }
        if (sources != null) {
            Spans.text(s, sources, backslashEnds);
        }
        return s;
    }

    /* Valid modified UTF-8 (1-3 byte forms) to a String. */
    private static String decode(byte[] b, int n) {
        char[] chars = new char[n];
        int k = 0;
        for (int i = 0; i < n; ) {
            int c = b[i] & 0xff;
            if (c < 0x80) {
                chars[k++] = (char) c;
                i++;
            } else if (c < 0xe0) {
                chars[k++] = (char) (((c & 0x1f) << 6) | (b[i + 1] & 0x3f));
                i += 2;
            } else {
                chars[k++] = (char) (((c & 0x0f) << 12) | ((b[i + 1] & 0x3f) << 6) | (b[i + 2] & 0x3f));
                i += 3;
            }
        }
        return new String(chars, 0, k);
    }

    // ---------------------------------------------------------------- picks (the interface's defaults)

    <T> T pickValue(Collection<T> collection) {
        int size = collection.size();
        if (size == 0) {
            throw new IllegalArgumentException("collection is empty");
        }
        if (collection instanceof List) {
            return ((List<T>) collection).get(consumeInt(0, size - 1));
        }
        @SuppressWarnings("unchecked")
        T[] array = (T[]) collection.toArray();
        return pickValue(array);
    }

    <T> T pickValue(T[] array) {
        return array[index(array.length)];
    }

    /* An index into an array of `length`: consumeInt(0, length - 1). */
    int index(int length) {
        if (length == 0) {
            throw new IllegalArgumentException("array is empty");
        }
        return consumeInt(0, length - 1);
    }

    <T> List<T> pickValues(Collection<T> collection, int numOfElements) {
        int size = collection.size();
        if (size == 0) {
            throw new IllegalArgumentException("collection is empty");
        }
        if (numOfElements > size) {
            throw new IllegalArgumentException("numOfElements exceeds collection.size()");
        }
        List<T> left = new ArrayList<>(collection);
        List<T> picked = new ArrayList<>();
        for (int i = 0; i < numOfElements; i++) {
            T t = pickValue(left);
            picked.add(t);
            left.remove(t); // by value: the first equal element goes, as in Jazzer
        }
        return picked;
    }

    <T> List<T> pickValues(T[] array, int numOfElements) {
        if (array.length == 0) {
            throw new IllegalArgumentException("array is empty");
        }
        return pickValues(Arrays.asList(array), numOfElements);
    }
}
