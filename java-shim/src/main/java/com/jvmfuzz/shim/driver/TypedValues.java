/*
 * Typed values for generated drivers: decodes the fuzzer's byte input into Java values with a
 * bias towards boundary values, constants of the method under test and comparison operands the
 * target was seen to check (the fuzzing-platform seed's "predefined values").
 *
 * Encoding: every value starts with one selector byte whose top three bits pick a bucket:
 *   0-4  raw: the value's own bytes follow, big-endian (so a constant the target compares
 *        against appears in the input as its own bytes, which CmpLog and the dictionary insert).
 *        An int or long keeps only its low 8 bits (selector's low five bits 0-13) or low 16
 *        bits (14-27), sign-extended, and all of them only for 28-31: random full-width values
 *        are sizes and counts of billions, and one such allocation or loop costs more than
 *        thousands of ordinary runs. Small values read the same either way, and huge ones
 *        still come as boundary probes, constants and compared values (buckets 5-7);
 *   5    a boundary value of the type (0, min, max, +-1, NaN, surrogates, ...);
 *   6    a constant from the driver's constant table (falls back to raw when it has none);
 *   7    a value the target compared against at run time (Observed; falls back to boundary).
 * Choices (which constructor, which method, how many calls) take one byte (two above 256).
 * Running out of input never throws: missing bytes read as zero. -Djvmfuzz.typed=plain turns
 * the selector off (every value raw), the baseline the benchmarks compare against.
 *
 * With recording on, every decision and value is also written as a line of Java source
 * ("c N" for a choice, "v <expression>" for a value): the fuzzer turns that trace and the
 * driver's structure into a readable JUnit reproducer.
 */
package com.jvmfuzz.shim.driver;

import com.jvmfuzz.shim.sym.Sources;
import com.jvmfuzz.shim.sym.Sym;

import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.jvmfuzz.shim.fuzz.Observed;

public final class TypedValues {
    private final byte[] data;
    private int pos;
    /* Bytes read past the end (as zeros): pos + past is where the next read would be if the
     * input were longer (Spans needs it to write such a value out). */
    private int past;
    /* Where the last integral value's raw bytes began (the solver's shadows), or -1 when it came
     * from a table (boundary, constant or observed values): those are concrete. */
    private int rawFrom = -1;
    /* The last selector byte and where it was read. */
    private int selector;
    private int selectorPos;
    private final StringBuilder trace;
    private int[] kInts = new int[0];
    private long[] kLongs = new long[0];
    private double[] kDoubles = new double[0];
    private String[] kStrings = new String[0];
    private int files;

    static final boolean NULLS = Boolean.getBoolean("jvmfuzz.nulls");
    static final boolean PLAIN = "plain".equals(System.getProperty("jvmfuzz.typed"));

    /** The decoder of one execution: it begins with the newest snapshot of observed values. */
    public TypedValues(byte[] data) {
        this(data, false);
        com.jvmfuzz.shim.fuzz.Observed.beginExecution();
        com.jvmfuzz.shim.fuzz.Spans.begin(this.data.length);
    }

    private TypedValues(byte[] data, boolean record) {
        this.data = data == null ? new byte[0] : data;
        this.trace = record ? new StringBuilder() : null;
    }

    /** A decoder that also records the trace (for reproducers). */
    public static TypedValues recording(byte[] data) {
        return new TypedValues(data, true);
    }

    /** Deletes the temporary files of this process (see TempFiles.deleteAll). */
    public static void deleteTempFiles() {
        TempFiles.deleteAll();
    }

    /** The recorded trace, one decision per line. */
    public String trace() {
        return trace == null ? "" : trace.toString();
    }

    /** Sets the constants of the method under test (from its class's constant pool). */
    public void constants(int[] ints, long[] longs, double[] doubles, String[] strings) {
        kInts = ints;
        kLongs = longs;
        kDoubles = doubles;
        kStrings = strings;
        Expected.libraryStrings(strings);
    }

    // ---- raw input ----

    private int u8() {
        if (pos < data.length) {
            return data[pos++] & 0xff;
        }
        past++;
        return 0;
    }

    private long be(int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            v = (v << 8) | u8();
        }
        return v;
    }

    private int bucket() {
        // -Djvmfuzz.typed=plain: no selector at all, every value raw (the benchmark baseline for
        // the boundary/predefined bias).
        if (PLAIN) {
            return 0;
        }
        selectorPos = pos;
        selector = u8();
        return selector >>> 5;
    }

    public int remaining() {
        return data.length - pos;
    }

    /* Wraps the last recorded value's expression (a builtin made of another). */
    private void wrapLast(String prefix, String suffix) {
        if (trace == null) {
            return;
        }
        int end = trace.length() - 1;
        int start = trace.lastIndexOf("\n", end - 1) + 1;
        String line = trace.substring(start + 2, end);
        trace.setLength(start);
        rec('v', prefix + line + suffix);
    }

    private void rec(char kind, String text) {
        if (trace != null) {
            trace.append(kind).append(' ').append(text).append('\n');
        }
    }

    // ---- decisions ----

    /** One of n alternatives (n >= 1); consumes nothing when there is only one. */
    public int choice(int n) {
        int c = 0;
        if (n > 256) {
            c = (int) (be(2) % n);
        } else if (n > 1) {
            c = u8() % n;
        }
        rec('c', Integer.toString(c));
        return c;
    }

    /** A collection or array size, 0..8 (small sizes are the useful ones for collections). */
    public int size() {
        return choice(9);
    }

    /** With --nulls: whether a reference argument is null (one in eight). */
    public boolean isNull() {
        boolean n = NULLS && (u8() & 7) == 7;
        rec('c', n ? "1" : "0");
        return n;
    }

    // ---- primitives ----

    private static final int[] INT_BOUNDS = {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE,
        Integer.MIN_VALUE + 1, Integer.MAX_VALUE - 1, 2, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000,
        0xffff, 0x10000, -128, -32768, 10, 100, 1000, 1024, 4096};
    private static final long[] LONG_BOUNDS = {0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE,
        Long.MIN_VALUE + 1, Long.MAX_VALUE - 1, Integer.MIN_VALUE, Integer.MAX_VALUE,
        0xffffffffL, 0x100000000L, 0x7fL, 0x80L, 0xffL, 0xffffL, 1L << 53, -(1L << 53)};
    private static final double[] DOUBLE_BOUNDS = {0.0, -0.0, 1.0, -1.0, Double.NaN,
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE,
        Double.MIN_NORMAL, Double.longBitsToDouble(0x000fffffffffffffL), Double.MAX_VALUE,
        -Double.MAX_VALUE, 0.5, 1e-10, 9007199254740993.0};
    private static final float[] FLOAT_BOUNDS = {0f, -0f, 1f, -1f, Float.NaN,
        Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MIN_VALUE,
        Float.MIN_NORMAL, Float.intBitsToFloat(0x007fffff), Float.MAX_VALUE, -Float.MAX_VALUE, 0.5f};
    private static final char[] CHAR_BOUNDS = {0, 'a', 'Z', '0', ' ', '\n', '/', '\\', 0x7f, 0x80,
        0xff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xfffe, 0xffff};

    public boolean bool() {
        int from = pos;
        boolean b = (u8() & 1) != 0;
        rec('v', Boolean.toString(b));
        if (Sym.active()) {
            Sources.frontNumber(K_BOOL, Sources.BOOLEAN, data, from, 1);
        }
        return b;
    }

    /* The solver's keys of the values it gives shadows (docs/solver.md: name + descriptor). */
    private static final int K_BOOL = Sym.key("bool()Z");
    private static final int K_INT8 = Sym.key("int8()B");
    private static final int K_INT16 = Sym.key("int16()S");
    private static final int K_INT32 = Sym.key("int32()I");
    private static final int K_INT64 = Sym.key("int64()J");
    private static final int K_CHAR16 = Sym.key("char16()C");

    /* When tracing: the shadow of an integral value read raw (not from a table). */
    private void shadow(int key, int kind, int bytes) {
        if (rawFrom >= 0 && Sym.active()) {
            Sources.frontNumber(key, kind, data, rawFrom, bytes);
        }
    }

    private long integral(int bytes, long[] widened) {
        return integral(bytes, widened, false);
    }

    /* narrow: an int or long argument, which may be a size (see the class comment). */
    private long integral(int bytes, long[] widened, boolean narrow) {
        rawFrom = -1;
        switch (bucket()) {
            case 5:
                return widened[u8() % widened.length];
            case 6:
                if (kLongs.length + kInts.length > 0) {
                    int i = u8() % (kLongs.length + kInts.length);
                    return i < kInts.length ? kInts[i] : kLongs[i - kInts.length];
                }
                break;
            case 7: {
                long[] seen = Observed.longs();
                if (seen.length > 0) {
                    return seen[u8() % seen.length];
                }
                return widened[u8() % widened.length];
            }
            default:
                break;
        }
        rawFrom = pos;
        long v = be(bytes);
        if (narrow && !PLAIN) {
            int low = selector & 31;
            if (low < 14) {
                v = (byte) v;
            } else if (low < 28) {
                v = (short) v;
            }
        }
        return v;
    }

    /* The shadow of a raw int or long read by integral(bytes, .., true): the selector's width
     * choice and the bytes (Sources.frontSized); -Djvmfuzz.typed=plain: the bytes. */
    private void shadowSized(int key, int kind, int bytes) {
        if (rawFrom < 0 || !Sym.active()) {
            return;
        }
        if (PLAIN) {
            Sources.frontNumber(key, kind, data, rawFrom, bytes);
        } else {
            Sources.frontSized(key, data, selectorPos, rawFrom, bytes);
        }
    }

    private static final long[] INT_BOUNDS_L = widen(INT_BOUNDS);

    private static long[] widen(int[] a) {
        long[] r = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i];
        }
        return r;
    }

    public byte int8() {
        byte b = (byte) integral(1, INT_BOUNDS_L);
        rec('v', b < 0 ? "(byte) " + b : "(byte) " + b);
        shadow(K_INT8, Sources.BYTE, 1);
        return b;
    }

    public short int16() {
        short s = (short) integral(2, INT_BOUNDS_L);
        rec('v', "(short) " + s);
        shadow(K_INT16, Sources.SHORT, 2);
        return s;
    }

    public int int32() {
        int i = (int) integral(4, INT_BOUNDS_L, true);
        rec('v', intLiteral(i));
        shadowSized(K_INT32, Sources.INT, 4);
        return i;
    }

    public long int64() {
        long l = integral(8, LONG_BOUNDS, true);
        rec('v', longLiteral(l));
        shadowSized(K_INT64, Sources.LONG, 8);
        return l;
    }

    public char char16() {
        char c;
        rawFrom = -1;
        switch (bucket()) {
            case 5:
            case 7:
                c = CHAR_BOUNDS[u8() % CHAR_BOUNDS.length];
                break;
            default:
                rawFrom = pos;
                c = (char) be(2);
        }
        rec('v', charLiteral(c));
        shadow(K_CHAR16, Sources.CHAR, 2);
        return c;
    }

    public double float64() {
        double d;
        switch (bucket()) {
            case 5:
                d = DOUBLE_BOUNDS[u8() % DOUBLE_BOUNDS.length];
                break;
            case 6:
                if (kDoubles.length > 0) {
                    d = kDoubles[u8() % kDoubles.length];
                    break;
                }
                d = Double.longBitsToDouble(be(8));
                break;
            case 7:
                // A small integer value: what parsers and loops usually compare doubles with.
                d = (byte) u8();
                break;
            default:
                d = Double.longBitsToDouble(be(8));
        }
        rec('v', doubleLiteral(d));
        return d;
    }

    public float float32() {
        float f;
        switch (bucket()) {
            case 5:
                f = FLOAT_BOUNDS[u8() % FLOAT_BOUNDS.length];
                break;
            case 6:
                if (kDoubles.length > 0) {
                    f = (float) kDoubles[u8() % kDoubles.length];
                    break;
                }
                f = Float.intBitsToFloat((int) be(4));
                break;
            case 7:
                f = (byte) u8();
                break;
            default:
                f = Float.intBitsToFloat((int) be(4));
        }
        rec('v', floatLiteral(f));
        return f;
    }

    // ---- strings and arrays ----

    private static final String[] STRING_BOUNDS = {"", " ", "\0", "\ud800", "\udc00",
        "\ud83d\ude00", "\uffff", "-1", "0", "NaN", "null", "%s", "../", "\n", "\u00e9",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"};

    private String rawString() {
        int b = bucket();
        switch (b) {
            case 5:
                return STRING_BOUNDS[u8() % STRING_BOUNDS.length];
            case 6:
                if (kStrings.length > 0) {
                    return kStrings[u8() % kStrings.length];
                }
                break;
            case 7: {
                String[] seen = Observed.strings();
                if (seen.length > 0) {
                    return seen[u8() % seen.length];
                }
                return STRING_BOUNDS[u8() % STRING_BOUNDS.length];
            }
            case 4: {
                // UTF-16 code units, lone surrogates included.
                int n = Math.min(u8(), remaining() / 2);
                char[] c = new char[n];
                for (int i = 0; i < n; i++) {
                    c[i] = (char) be(2);
                }
                return new String(c);
            }
            default:
                break;
        }
        int n = Math.min(u8(), remaining());
        String s = new String(data, pos, n, StandardCharsets.ISO_8859_1);
        pos += n;
        return s;
    }

    public String string() {
        int from = pos + past;
        String s = rawString();
        com.jvmfuzz.shim.fuzz.Spans.string(s, from, pos + past);
        rec('v', stringLiteral(s));
        Expected.made(s);
        return s;
    }

    private byte[] rawBytes() {
        int n;
        switch (bucket()) {
            case 6:
                if (kStrings.length > 0) {
                    return kStrings[u8() % kStrings.length].getBytes(StandardCharsets.UTF_8);
                }
                n = u8();
                break;
            case 7:
                n = remaining();
                break;
            case 4:
            case 5:
                n = (int) be(2);
                break;
            default:
                n = u8();
        }
        n = Math.min(n, remaining());
        byte[] b = new byte[n];
        System.arraycopy(data, pos, b, 0, n);
        if (Sym.active()) {
            Sources.copy(b, data, pos);
        }
        pos += n;
        return b;
    }

    /** The choices of a grammar derivation: a two-byte count, then that many bytes. */
    private byte[] choices() {
        int n = (int) Math.min(be(2), remaining());
        byte[] b = new byte[n];
        System.arraycopy(data, pos, b, 0, n);
        pos += n;
        return b;
    }

    /** A string derived from a grammar ({@link com.jvmfuzz.shim.fuzz.Grammars}), the next bytes choosing it. */
    public String grammarString(String file, String start) {
        String s = new String(com.jvmfuzz.shim.fuzz.Grammars.derive(file, start, choices()), StandardCharsets.UTF_8);
        rec('v', stringLiteral(s));
        return s;
    }

    /** {@link #grammarString} as bytes, for a byte[] parameter. */
    public byte[] grammarBytes(String file, String start) {
        byte[] b = com.jvmfuzz.shim.fuzz.Grammars.derive(file, start, choices());
        rec('v', bytesLiteral(b));
        return b;
    }

    public byte[] bytes() {
        byte[] b = rawBytes();
        rec('v', bytesLiteral(b));
        return b;
    }

    public boolean[] booleans() {
        int n = sizeQuiet();
        boolean[] a = new boolean[n];
        StringBuilder sb = new StringBuilder("new boolean[] {");
        for (int i = 0; i < n; i++) {
            a[i] = (u8() & 1) != 0;
            sb.append(i == 0 ? "" : ", ").append(a[i]);
        }
        rec('v', sb.append('}').toString());
        return a;
    }

    private int sizeQuiet() {
        return Math.min(u8() % 33, remaining());
    }

    public short[] shorts() {
        int n = sizeQuiet();
        short[] a = new short[n];
        StringBuilder sb = new StringBuilder("new short[] {");
        for (int i = 0; i < n; i++) {
            a[i] = (short) be(2);
            sb.append(i == 0 ? "" : ", ").append(a[i]);
        }
        rec('v', sb.append('}').toString());
        return a;
    }

    public char[] chars() {
        String s = rawString();
        rec('v', stringLiteral(s) + ".toCharArray()");
        return s.toCharArray();
    }

    public int[] ints() {
        int n = sizeQuiet();
        int[] a = new int[n];
        StringBuilder sb = new StringBuilder("new int[] {");
        for (int i = 0; i < n; i++) {
            a[i] = (int) integral(4, INT_BOUNDS_L, true);
            sb.append(i == 0 ? "" : ", ").append(intLiteral(a[i]));
        }
        rec('v', sb.append('}').toString());
        return a;
    }

    public long[] longs() {
        int n = sizeQuiet();
        long[] a = new long[n];
        StringBuilder sb = new StringBuilder("new long[] {");
        for (int i = 0; i < n; i++) {
            a[i] = integral(8, LONG_BOUNDS, true);
            sb.append(i == 0 ? "" : ", ").append(longLiteral(a[i]));
        }
        rec('v', sb.append('}').toString());
        return a;
    }

    public float[] floats() {
        int n = sizeQuiet();
        float[] a = new float[n];
        StringBuilder sb = new StringBuilder("new float[] {");
        for (int i = 0; i < n; i++) {
            a[i] = Float.intBitsToFloat((int) be(4));
            sb.append(i == 0 ? "" : ", ").append(floatLiteral(a[i]));
        }
        rec('v', sb.append('}').toString());
        return a;
    }

    public double[] doubles() {
        int n = sizeQuiet();
        double[] a = new double[n];
        StringBuilder sb = new StringBuilder("new double[] {");
        for (int i = 0; i < n; i++) {
            a[i] = Double.longBitsToDouble(be(8));
            sb.append(i == 0 ? "" : ", ").append(doubleLiteral(a[i]));
        }
        rec('v', sb.append('}').toString());
        return a;
    }

    // ---- JDK types with a literal form ----

    public <E extends Enum<E>> E enumValue(Class<E> type) {
        E[] all = type.getEnumConstants();
        int n = all.length;
        int c = n > 256 ? (int) (be(2) % n) : n > 1 ? u8() % n : 0;
        E e = all[c];
        rec('v', type.getCanonicalName() + "." + e.name());
        return e;
    }

    public BigInteger bigInteger() {
        BigInteger b;
        if (bucket() == 5) {
            long[] l = LONG_BOUNDS;
            b = BigInteger.valueOf(l[u8() % l.length]).shiftLeft(u8() % 3 * 32);
        } else {
            byte[] raw = new byte[Math.min(u8() % 33, remaining())];
            for (int i = 0; i < raw.length; i++) {
                raw[i] = (byte) u8();
            }
            b = raw.length == 0 ? BigInteger.ZERO : new BigInteger(raw);
        }
        rec('v', "new java.math.BigInteger(\"" + b + "\")");
        return b;
    }

    public BigDecimal bigDecimal() {
        BigInteger unscaled = BigInteger.valueOf(integral(8, LONG_BOUNDS));
        int scale = (byte) u8();
        BigDecimal d = new BigDecimal(unscaled, scale);
        rec('v', "new java.math.BigDecimal(\"" + d + "\")");
        return d;
    }

    /** A temporary file whose content comes from the input (files are reused between runs). */
    public File file() throws IOException {
        byte[] content = rawBytes();
        String ext = extension();
        Path p = temp(content, ext);
        rec('v', tempLiteral(content, ext) + ".toFile()");
        return p.toFile();
    }

    public Path path() throws IOException {
        byte[] content = rawBytes();
        String ext = extension();
        Path p = temp(content, ext);
        rec('v', tempLiteral(content, ext));
        return p;
    }

    /** For String parameters that name a file (JDriver's heuristic): a real file's path. */
    public String filePath() throws IOException {
        byte[] content = rawBytes();
        String ext = extension();
        Path p = temp(content, ext);
        rec('v', tempLiteral(content, ext) + ".toString()");
        return p.toString();
    }

    /* File name extensions: libraries often pick a format by it. */
    private static final String[] EXTENSIONS = {".bin", ".txt", ".xml", ".json", ".png", ".jpg",
        ".gif", ".bmp", ".tif", ".ico", ".zip", ".gz", ".pdf", ".html", ".csv", ".properties"};

    private String extension() {
        int c = u8();
        // Odd selector bytes (and one more byte) draw from the file-name extensions among the
        // class path's string constants (Dispatch passes them in; sorted, so a value always means
        // the same extension): formats a library picks only by file name (XPM, XBM, PNM, ...)
        // are reached through them. Even ones draw from the class's constants and a fixed list.
        String[] jar = jarExtensions;
        if ((c & 1) == 1 && !PLAIN && jar.length > 0) {
            return jar[(((c >>> 1) << 8) | u8()) % jar.length];
        }
        c >>>= 1;
        // Extensions among the class's constants come first (".pcx", "psd", ...).
        int own = 0;
        for (String k : kStrings) {
            if (isExtension(k)) {
                own++;
            }
        }
        int n = own + EXTENSIONS.length;
        int i = c % n;
        if (i >= own) {
            return EXTENSIONS[i - own];
        }
        for (String k : kStrings) {
            if (isExtension(k) && i-- == 0) {
                return k.startsWith(".") ? k.toLowerCase(java.util.Locale.ROOT) : "." + k.toLowerCase(java.util.Locale.ROOT);
            }
        }
        return ".bin";
    }

    /* Set once by the generated Dispatch class (see extension()). */
    private static volatile String[] jarExtensions = new String[0];

    /** The class path's file-name extensions (dotted), for the names of temporary files. */
    public static void fileExtensions(String[] extensions) {
        jarExtensions = extensions == null ? new String[0] : extensions.clone();
    }

    private static boolean isExtension(String s) {
        int start = s.startsWith(".") ? 1 : 0;
        int len = s.length() - start;
        if (len < 2 || len > 4) {
            return false;
        }
        for (int i = start; i < s.length(); i++) {
            if (!Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) > 'z') {
                return false;
            }
        }
        return start == 1 || s.equals(s.toLowerCase(java.util.Locale.ROOT));
    }

    private Path temp(byte[] content, String ext) throws IOException {
        Path p = TempFiles.get(files++, ext);
        Files.write(p, content);
        return p;
    }

    private static String tempLiteral(byte[] content, String ext) {
        return "java.nio.file.Files.write(java.nio.file.Files.createTempFile(\"jvmfuzz\", \"" + ext + "\"), "
                + bytesLiteral(content) + ")";
    }

    public java.io.InputStream inputStream() {
        byte[] b = rawBytes();
        rec('v', "new java.io.ByteArrayInputStream(" + bytesLiteral(b) + ")");
        Expected.readable(b);
        return new java.io.ByteArrayInputStream(b);
    }

    /** A builder holding a text (an input the method reads, or a buffer it appends to). */
    public StringBuilder stringBuilder() {
        String s = rawString();
        rec('v', "new StringBuilder(" + stringLiteral(s) + ")");
        return new StringBuilder(s);
    }

    public StringBuffer stringBuffer() {
        String s = rawString();
        rec('v', "new StringBuffer(" + stringLiteral(s) + ")");
        return new StringBuffer(s);
    }

    public java.io.Reader reader() {
        String s = rawString();
        rec('v', "new java.io.StringReader(" + stringLiteral(s) + ")");
        Expected.readable(s);
        return new java.io.StringReader(s);
    }

    public java.nio.ByteBuffer byteBuffer() {
        byte[] b = rawBytes();
        rec('v', "java.nio.ByteBuffer.wrap(" + bytesLiteral(b) + ")");
        return java.nio.ByteBuffer.wrap(b);
    }

    public java.util.regex.Pattern pattern() {
        String s = rawString();
        try {
            java.util.regex.Pattern p = java.util.regex.Pattern.compile(s);
            rec('v', "java.util.regex.Pattern.compile(" + stringLiteral(s) + ")");
            return p;
        } catch (RuntimeException e) {
            rec('v', "java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(" + stringLiteral(s) + "))");
            return java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(s));
        }
    }

    private static final String[] URIS = {"http://example.com/a?b=c#d", "file:///tmp/x",
        "https://user@host:8080/p", "urn:isbn:0451450523", "mailto:a@b.c", "/relative/path", ""};

    public java.net.URI uri() {
        String s = rawString();
        try {
            java.net.URI u = new java.net.URI(s);
            rec('v', "java.net.URI.create(" + stringLiteral(s) + ")");
            return u;
        } catch (java.net.URISyntaxException e) {
            String f = URIS[Math.abs(s.hashCode() % URIS.length)];
            rec('v', "java.net.URI.create(" + stringLiteral(f) + ")");
            return java.net.URI.create(f);
        }
    }

    public java.net.URL url() throws java.net.MalformedURLException {
        String s = "http://" + rawString().replaceAll("[^A-Za-z0-9./?=&#-]", "");
        rec('v', "new java.net.URL(" + stringLiteral(s) + ")");
        return new java.net.URL(s);
    }

    public java.util.UUID uuid() {
        long hi = be(8);
        long lo = be(8);
        rec('v', "new java.util.UUID(" + longLiteral(hi) + ", " + longLiteral(lo) + ")");
        return new java.util.UUID(hi, lo);
    }

    private static final String[] CHARSETS = {"UTF-8", "US-ASCII", "ISO-8859-1", "UTF-16",
        "UTF-16BE", "UTF-16LE"};

    public java.nio.charset.Charset charset() {
        String n = CHARSETS[u8() % CHARSETS.length];
        rec('v', "java.nio.charset.Charset.forName(\"" + n + "\")");
        return java.nio.charset.Charset.forName(n);
    }

    public java.time.Instant instant() {
        long s = integral(8, LONG_BOUNDS) % 31556889864403199L;
        int n = (int) Math.floorMod(be(4), 1_000_000_000L);
        rec('v', "java.time.Instant.ofEpochSecond(" + longLiteral(s) + ", " + n + ")");
        return java.time.Instant.ofEpochSecond(s, n);
    }

    public java.time.Duration duration() {
        long n = integral(8, LONG_BOUNDS);
        rec('v', "java.time.Duration.ofNanos(" + longLiteral(n) + ")");
        return java.time.Duration.ofNanos(n);
    }

    public java.time.LocalDate localDate() {
        long d = Math.floorMod(integral(8, LONG_BOUNDS), 365243219162L) - 365243219162L / 2;
        rec('v', "java.time.LocalDate.ofEpochDay(" + longLiteral(d) + ")");
        return java.time.LocalDate.ofEpochDay(d);
    }

    public java.time.LocalTime localTime() {
        long n = Math.floorMod(integral(8, LONG_BOUNDS), 86_400_000_000_000L);
        rec('v', "java.time.LocalTime.ofNanoOfDay(" + longLiteral(n) + ")");
        return java.time.LocalTime.ofNanoOfDay(n);
    }

    public java.time.LocalDateTime localDateTime() {
        long s = Math.floorMod(integral(8, LONG_BOUNDS), 253402300799L * 2) - 253402300799L;
        rec('v', "java.time.LocalDateTime.ofEpochSecond(" + longLiteral(s) + ", 0, java.time.ZoneOffset.UTC)");
        return java.time.LocalDateTime.ofEpochSecond(s, 0, java.time.ZoneOffset.UTC);
    }

    private static final String[] ZONES = {"UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata",
        "Australia/Lord_Howe", "Pacific/Kiritimati", "+14:00", "-12:00"};

    public java.time.ZoneId zoneId() {
        String z = ZONES[u8() % ZONES.length];
        rec('v', "java.time.ZoneId.of(\"" + z + "\")");
        return java.time.ZoneId.of(z);
    }

    public java.time.ZonedDateTime zonedDateTime() {
        java.time.LocalDateTime t = localDateTimeQuiet();
        String z = ZONES[u8() % ZONES.length];
        rec('v', "java.time.ZonedDateTime.of(java.time.LocalDateTime.ofEpochSecond("
                + t.toEpochSecond(java.time.ZoneOffset.UTC) + "L, 0, java.time.ZoneOffset.UTC), java.time.ZoneId.of(\"" + z + "\"))");
        return java.time.ZonedDateTime.of(t, java.time.ZoneId.of(z));
    }

    private java.time.LocalDateTime localDateTimeQuiet() {
        long s = Math.floorMod(integral(8, LONG_BOUNDS), 253402300799L * 2) - 253402300799L;
        return java.time.LocalDateTime.ofEpochSecond(s, 0, java.time.ZoneOffset.UTC);
    }

    public java.util.Locale locale() {
        java.util.Locale[] all = {java.util.Locale.ROOT, java.util.Locale.US, java.util.Locale.GERMANY,
            java.util.Locale.JAPAN, new java.util.Locale("tr", "TR")};
        int c = u8() % all.length;
        String[] lit = {"java.util.Locale.ROOT", "java.util.Locale.US", "java.util.Locale.GERMANY",
            "java.util.Locale.JAPAN", "new java.util.Locale(\"tr\", \"TR\")"};
        rec('v', lit[c]);
        return all[c];
    }

    // ---- more JDK types ----

    private static final Class<?>[] TYPES = {String.class, Object.class, Integer.class, int.class,
        Long.class, long.class, Double.class, double.class, Boolean.class, boolean.class, byte[].class,
        Byte.class, Character.class, char.class, java.util.List.class, java.util.Map.class,
        Number.class, CharSequence.class, Enum.class, Void.class, void.class, Object[].class};
    private static final String[] TYPE_NAMES = {"String.class", "Object.class", "Integer.class",
        "int.class", "Long.class", "long.class", "Double.class", "double.class", "Boolean.class",
        "boolean.class", "byte[].class", "Byte.class", "Character.class", "char.class",
        "java.util.List.class", "java.util.Map.class", "Number.class", "CharSequence.class",
        "Enum.class", "Void.class", "void.class", "Object[].class"};

    /**
     * A Class object: common JDK types, primitives and arrays. Raw, like predicate(): a raw type
     * converts (unchecked) to whatever bounded generic type the parameter declares.
     */
    @SuppressWarnings("rawtypes")
    public Class type() {
        int c = u8() % TYPES.length;
        rec('v', TYPE_NAMES[c]);
        return TYPES[c];
    }

    /* Enum classes for a Class<? extends Enum<...>> parameter (type() offers none). */
    private static final Class<?>[] ENUM_TYPES = {java.util.concurrent.TimeUnit.class,
        java.math.RoundingMode.class, java.time.DayOfWeek.class, java.time.Month.class,
        java.lang.annotation.ElementType.class, Thread.State.class};

    /*
     * The classes type(bound) picks from, per bound: computed once, not on every run of a
     * driver (the common types of type() and the enums above within the bound, or the bound
     * itself).
     */
    private static final ClassValue<Class<?>[]> WITHIN = new ClassValue<Class<?>[]>() {
        @Override
        protected Class<?>[] computeValue(Class<?> bound) {
            java.util.List<Class<?>> fit = new java.util.ArrayList<>();
            for (Class<?>[] pool : new Class<?>[][] {TYPES, ENUM_TYPES}) {
                for (Class<?> c : pool) {
                    boolean concrete = bound != Enum.class || c.isEnum();
                    if (bound.isAssignableFrom(c) && concrete && !fit.contains(c)) {
                        fit.add(c);
                    }
                }
            }
            if (fit.isEmpty() || (!java.lang.reflect.Modifier.isAbstract(bound.getModifiers()) && !fit.contains(bound))) {
                fit.add(bound);
            }
            return fit.toArray(new Class<?>[0]);
        }
    };

    /**
     * A Class object within a parameter's bound (Class<? extends Bound>): the common types of
     * type() and some JDK enums that are subtypes of `bound`, or `bound` itself. A class
     * outside the bound is one the compiler would refuse: what a method does with it (an
     * enum's constants read as null) is no finding.
     */
    @SuppressWarnings("rawtypes")
    public Class type(Class<?> bound) {
        Class<?>[] fit = WITHIN.get(bound);
        Class<?> c = fit[fit.length == 1 ? 0 : u8() % fit.length];
        // Raw, as the driver passes it: a generic bound (Class<? extends Collection<?>>) takes
        // java.util.List.class only through an unchecked conversion.
        rec('v', "(java.lang.Class) " + c.getCanonicalName() + ".class");
        return c;
    }

    /**
     * A function that answers `value` whatever it is given: for a `Function<A, R>` parameter
     * whose R is no A, where `Function.identity()` would hand the library an A it casts to R
     * (opencsv's `RowFunctionValidator` took a `String[]` for its `Boolean`). Raw, like
     * predicate(). The value is read where the driver builds the function, in plan order.
     */
    @SuppressWarnings("rawtypes")
    public static java.util.function.Function returning(Object value) {
        return (java.util.function.Function<Object, Object>) x -> value;
    }

    /** A predicate that always answers the same (true or false, from the input). */
    @SuppressWarnings("rawtypes")
    public java.util.function.Predicate predicate() {
        boolean b = (u8() & 1) != 0;
        rec('v', "x -> " + b);
        return (java.util.function.Predicate<Object>) x -> b;
    }

    public java.util.stream.IntStream intStream() {
        int[] a = ints();
        wrapLast("java.util.stream.IntStream.of(", ")");
        return java.util.stream.IntStream.of(a);
    }

    public java.util.stream.LongStream longStream() {
        long[] a = longs();
        wrapLast("java.util.stream.LongStream.of(", ")");
        return java.util.stream.LongStream.of(a);
    }

    public java.util.stream.DoubleStream doubleStream() {
        double[] a = doubles();
        wrapLast("java.util.stream.DoubleStream.of(", ")");
        return java.util.stream.DoubleStream.of(a);
    }

    // ---- java.awt (headless: the fuzzer sets java.awt.headless) ----

    private int small(int max) {
        return u8() % (max + 1);
    }

    public java.awt.Rectangle rectangle() {
        int x = (short) be(2);
        int y = (short) be(2);
        int w = small(64);
        int h = small(64);
        rec('v', "new java.awt.Rectangle(" + x + ", " + y + ", " + w + ", " + h + ")");
        return new java.awt.Rectangle(x, y, w, h);
    }

    public java.awt.Point point() {
        int x = (short) be(2);
        int y = (short) be(2);
        rec('v', "new java.awt.Point(" + x + ", " + y + ")");
        return new java.awt.Point(x, y);
    }

    public java.awt.Dimension dimension() {
        int w = small(64);
        int h = small(64);
        rec('v', "new java.awt.Dimension(" + w + ", " + h + ")");
        return new java.awt.Dimension(w, h);
    }

    public java.awt.Color color() {
        int argb = (int) be(4);
        rec('v', "new java.awt.Color(" + intLiteral(argb) + ", true)");
        return new java.awt.Color(argb, true);
    }

    private static final int[] COLOR_SPACES = {java.awt.color.ColorSpace.CS_sRGB,
        java.awt.color.ColorSpace.CS_GRAY, java.awt.color.ColorSpace.CS_LINEAR_RGB,
        java.awt.color.ColorSpace.CS_CIEXYZ, java.awt.color.ColorSpace.CS_PYCC};
    private static final String[] COLOR_SPACE_NAMES = {"CS_sRGB", "CS_GRAY", "CS_LINEAR_RGB",
        "CS_CIEXYZ", "CS_PYCC"};

    public java.awt.color.ColorSpace colorSpace() {
        int c = u8() % COLOR_SPACES.length;
        rec('v', "java.awt.color.ColorSpace.getInstance(java.awt.color.ColorSpace." + COLOR_SPACE_NAMES[c] + ")");
        return java.awt.color.ColorSpace.getInstance(COLOR_SPACES[c]);
    }

    private static final int[] IMAGE_TYPES = {java.awt.image.BufferedImage.TYPE_INT_ARGB,
        java.awt.image.BufferedImage.TYPE_INT_RGB, java.awt.image.BufferedImage.TYPE_BYTE_GRAY,
        java.awt.image.BufferedImage.TYPE_3BYTE_BGR, java.awt.image.BufferedImage.TYPE_BYTE_BINARY,
        java.awt.image.BufferedImage.TYPE_USHORT_GRAY};
    private static final String[] IMAGE_TYPE_NAMES = {"TYPE_INT_ARGB", "TYPE_INT_RGB",
        "TYPE_BYTE_GRAY", "TYPE_3BYTE_BGR", "TYPE_BYTE_BINARY", "TYPE_USHORT_GRAY"};

    /** A small image (1..32 square) of one of the common types, pixels from the input. */
    public java.awt.image.BufferedImage bufferedImage() {
        int w = 1 + small(31);
        int h = 1 + small(31);
        int t = u8() % IMAGE_TYPES.length;
        java.awt.image.BufferedImage img = new java.awt.image.BufferedImage(w, h, IMAGE_TYPES[t]);
        int seed = (int) be(4);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                img.setRGB(x, y, seed * (31 * y + x + 1));
            }
        }
        rec('v', "jvmfuzzImage(" + w + ", " + h + ", java.awt.image.BufferedImage." + IMAGE_TYPE_NAMES[t]
                + ", " + intLiteral(seed) + ")");
        return img;
    }

    // ---- literals ----

    static String intLiteral(int i) {
        if (i == Integer.MIN_VALUE) {
            return "Integer.MIN_VALUE";
        }
        if (i == Integer.MAX_VALUE) {
            return "Integer.MAX_VALUE";
        }
        return Integer.toString(i);
    }

    static String longLiteral(long l) {
        if (l == Long.MIN_VALUE) {
            return "Long.MIN_VALUE";
        }
        if (l == Long.MAX_VALUE) {
            return "Long.MAX_VALUE";
        }
        return l + "L";
    }

    /** Java source for the value (also the JUnit integration's reproducers). */
    public static String doubleLiteral(double d) {
        if (Double.isNaN(d)) {
            return Double.doubleToRawLongBits(d) == Double.doubleToRawLongBits(Double.NaN)
                    ? "Double.NaN" : "Double.longBitsToDouble(0x" + Long.toHexString(Double.doubleToRawLongBits(d)) + "L)";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
        }
        return Double.toString(d);
    }

    /** Java source for the value (also the JUnit integration's reproducers). */
    public static String floatLiteral(float f) {
        if (Float.isNaN(f)) {
            return Float.floatToRawIntBits(f) == Float.floatToRawIntBits(Float.NaN)
                    ? "Float.NaN" : "Float.intBitsToFloat(0x" + Integer.toHexString(Float.floatToRawIntBits(f)) + ")";
        }
        if (Float.isInfinite(f)) {
            return f > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY";
        }
        return Float.toString(f) + "f";
    }

    /** Java source for the value (also the JUnit integration's reproducers). */
    public static String charLiteral(char c) {
        if (c == '\'' || c == '\\') {
            return "'\\" + c + "'";
        }
        if (c >= 0x20 && c < 0x7f) {
            return "'" + c + "'";
        }
        return String.format("'\\u%04x'", (int) c);
    }

    /** Java source for the value (also the JUnit integration's reproducers). */
    public static String stringLiteral(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    sb.append("\\\"");
                    break;
                case '\\':
                    sb.append("\\\\");
                    break;
                case '\n':
                    sb.append("\\n");
                    break;
                case '\t':
                    sb.append("\\t");
                    break;
                case '\r':
                    sb.append("\\r");
                    break;
                default:
                    if (c >= 0x20 && c < 0x7f) {
                        sb.append(c);
                    } else {
                        sb.append(String.format("\\u%04x", (int) c));
                    }
            }
        }
        return sb.append('"').toString();
    }

    static String bytesLiteral(byte[] b) {
        if (b.length > 512) {
            StringBuilder hex = new StringBuilder();
            for (byte x : b) {
                hex.append(String.format("%02x", x & 0xff));
            }
            return "java.util.HexFormat.of().parseHex(\"" + hex + "\")";
        }
        StringBuilder sb = new StringBuilder("new byte[] {");
        for (int i = 0; i < b.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(b[i]);
        }
        return sb.append('}').toString();
    }

    /**
     * Temporary files reused across executions, deleted at exit. They live in memory (/dev/shm)
     * when there is one: rewriting a small file on a disk mounted with `discard` costs ~2.4 ms
     * (the truncate TRIMs), on tmpfs ~30 us. -Djvmfuzz.tmpdir=DIR overrides.
     */
    static final class TempFiles {
        private static final java.util.Map<String, Path> FILES = new java.util.HashMap<>();
        private static final Path DIR = dir();

        private static Path dir() {
            String forced = System.getProperty("jvmfuzz.tmpdir");
            if (forced != null) {
                return java.nio.file.Paths.get(forced);
            }
            Path shm = java.nio.file.Paths.get("/dev/shm");
            return Files.isDirectory(shm) && Files.isWritable(shm) ? shm : null;
        }

        private static final String PREFIX = "jvmfuzz-driver-" + ProcessHandle.current().pid() + "-";

        /** The i-th file of an execution, with extension ext. */
        static synchronized Path get(int i, String ext) throws IOException {
            if (FILES.isEmpty()) {
                sweep();
            }
            String key = i + ext;
            Path p = FILES.get(key);
            if (p == null) {
                p = DIR != null ? Files.createTempFile(DIR, PREFIX, ext) : Files.createTempFile(PREFIX, ext);
                p.toFile().deleteOnExit();
                FILES.put(key, p);
            }
            return p;
        }

        /**
         * Deletes this process's files. The fuzzer calls it when a client ends: a JVM inside
         * the fuzzer is never destroyed, so deleteOnExit alone would not run.
         */
        static synchronized void deleteAll() {
            for (Path p : FILES.values()) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // Best effort.
                }
            }
            FILES.clear();
        }

        /** Files left by fuzzing processes that died (a crash, a kill). */
        private static void sweep() {
            Path dir = DIR != null ? DIR : java.nio.file.Paths.get(System.getProperty("java.io.tmpdir"));
            try (java.nio.file.DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "jvmfuzz-driver-*")) {
                for (Path p : ds) {
                    String[] parts = p.getFileName().toString().split("-");
                    if (parts.length < 4) {
                        continue;
                    }
                    try {
                        long pid = Long.parseLong(parts[2]);
                        if (!ProcessHandle.of(pid).isPresent()) {
                            Files.deleteIfExists(p);
                        }
                    } catch (NumberFormatException | IOException e) {
                        // Not ours, or gone already.
                    }
                }
            } catch (IOException | RuntimeException e) {
                // Best effort.
            }
        }
    }
}
