import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Checks that every planted bug of benchmarks/solver/targets is reachable: feeds each harness
 * the answer worked out by hand and checks that it fails with its own message (and that a
 * near miss does not). run.sh runs it before measuring; a bug no input reaches would make a
 * "not found" meaningless.
 */
public class Solutions {
    static int failures;

    public static void main(String[] args) throws Exception {
        // SolveLinear: x + y == 0x12345678, x - 3y == 0x0BADF00C.
        int y = (0x1234_5678 - 0x0BAD_F00C) / 4;
        int x = 0x1234_5678 - y;
        bytes("fuzz.SolveLinear", concat(le(x), le(y)), "linear equations solved");
        bytes("fuzz.SolveLinear", concat(le(x + 1), le(y)), null);

        // SolveChecksum: len, payload ('X', c + 1, c, ...), 16-bit hash of the payload.
        byte[] p = {'X', 'B', 'A', 'z'};
        int hash = 7;
        for (byte b : p) {
            hash = hash * 31 + (b & 0xff);
        }
        byte[] ck = concat(new byte[] {4}, p, new byte[] {(byte) (hash >> 8), (byte) hash});
        bytes("fuzz.SolveChecksum", ck, "checksummed command");
        ck[ck.length - 1]++;
        bytes("fuzz.SolveChecksum", ck, null);

        // SolveParsed: 7n - 3 == 123,456,785.
        bytes("fuzz.SolveParsed", ascii("17636684"), "parsed number solved");
        bytes("fuzz.SolveParsed", ascii("17636685"), null);

        // SolveProvider: a * 1,000,003 + b == 987,654,321,012, a > 0.
        long target = 987_654_321_012L;
        int a = (int) (target / 1_000_003L);
        int b = (int) (target - a * 1_000_003L);
        provider("fuzz.SolveProvider", new Object[] {a, b}, "provider values solved");
        provider("fuzz.SolveProvider", new Object[] {a, b + 1}, null);

        // SolveUnmodelled: twice(x) == 0x2468ACE1, and Integer.reverse(x) == 0x1234.
        bytes("fuzz.SolveUnmodelled", le(0x1234_5670), "doubled value matched");
        bytes("fuzz.SolveUnmodelled", le(Integer.reverse(0x1234)), "reversed value matched");

        // TlvRecord: type 0x7E, len 3, payload 100 0 0 (3 * 100 + 0 == 0 + 300), Adler-like sum.
        byte[] payload = {100, 0, 0};
        byte[] tlv = concat(new byte[] {0x7E, 3}, payload, sum251(payload));
        bytes("bench.TlvRecord", tlv, "tlv: record with matching length and sum");
        tlv[tlv.length - 1]++;
        bytes("bench.TlvRecord", tlv, null);
        bytes("bench.TlvRecord", concat(new byte[] {0x7E, 4}, payload, sum251(payload)), null);

        // Packet: SET with (arg ^ 0x5A5A5A5A) * 9 + version == 1,234,567,891.
        int inv9 = BigInteger.valueOf(9).modInverse(BigInteger.ONE.shiftLeft(32)).intValue();
        for (int version = 1; version <= 2; version++) {
            int arg = ((1_234_567_891 - version) * inv9) ^ 0x5A5A_5A5A;
            byte[] pl = concat(new byte[] {3}, be(arg));
            bytes("bench.Packet", packet(version, pl), "packet: SET with the magic argument");
            byte[] bad = packet(version, pl);
            bad[8]++;
            bytes("bench.Packet", bad, null);
        }

        // ParsedFields: 3W + H == 6472, W - 2H == 1245.
        bytes("bench.ParsedFields", ascii("size=2027,391"), "parsed fields: size equations hold");
        bytes("bench.ParsedFields", ascii("size=002027,00391"), "parsed fields: size equations hold");
        bytes("bench.ParsedFields", ascii("size=2027,392"), null);

        // ProviderEquations: 3a + 5b == 374,259,252, a - 2b == 121,901,235.
        provider("bench.ProviderEquations", new Object[] {123_456_789, 777_777}, "provider equations: both hold");
        provider("bench.ProviderEquations", new Object[] {123_456_789, 777_778}, null);

        if (failures > 0) {
            System.out.println("Solutions: " + failures + " check(s) FAILED");
            System.exit(1);
        }
        System.out.println("Solutions: every planted bug is reachable with its answer");
    }

    static byte[] sum251(byte[] payload) {
        int a = 1;
        int s = 0;
        for (byte b : payload) {
            a = (a + (b & 0xff)) % 251;
            s = (s + a) % 251;
        }
        return new byte[] {(byte) s, (byte) a};
    }

    static byte[] packet(int version, byte[] payload) {
        int sum = 0;
        for (int i = 0; i < payload.length; i++) {
            sum += (payload[i] & 0xff) * (i + 1);
        }
        byte[] head = {'J', 'V', 'P', 'K', (byte) version, (byte) (payload.length >> 8), (byte) payload.length,
            (byte) (sum >> 8), (byte) sum};
        return concat(head, payload);
    }

    static void bytes(String cls, byte[] input, String expect) throws Exception {
        Method m = Class.forName(cls).getMethod("fuzzerTestOneInput", byte[].class);
        check(cls, () -> m.invoke(null, (Object) input), expect);
    }

    /** A FuzzedDataProvider that answers consumeInt() and consumeInt(min, max) from a list. */
    static void provider(String cls, Object[] ints, String expect) throws Exception {
        Deque<Object> q = new ArrayDeque<>(java.util.Arrays.asList(ints));
        FuzzedDataProvider fdp = (FuzzedDataProvider) Proxy.newProxyInstance(Solutions.class.getClassLoader(),
            new Class<?>[] {FuzzedDataProvider.class}, (proxy, method, margs) -> {
                if (method.getName().equals("consumeInt")) {
                    return q.isEmpty() ? 0 : q.poll();
                }
                throw new UnsupportedOperationException(method.getName());
            });
        Method m = Class.forName(cls).getMethod("fuzzerTestOneInput", FuzzedDataProvider.class);
        check(cls, () -> m.invoke(null, fdp), expect);
    }

    interface Call {
        void run() throws Exception;
    }

    static void check(String cls, Call c, String expect) throws Exception {
        String got = null;
        try {
            c.run();
        } catch (InvocationTargetException e) {
            got = String.valueOf(e.getCause().getMessage());
        }
        boolean ok = expect == null ? got == null : expect.equals(got);
        System.out.println((ok ? "ok   " : "FAIL ") + cls + ": expected " + (expect == null ? "no failure" : '"' + expect + '"')
            + ", got " + (got == null ? "no failure" : '"' + got + '"'));
        if (!ok) {
            failures++;
        }
    }

    static byte[] le(int v) {
        return new byte[] {(byte) v, (byte) (v >> 8), (byte) (v >> 16), (byte) (v >> 24)};
    }

    static byte[] be(int v) {
        return new byte[] {(byte) (v >> 24), (byte) (v >> 16), (byte) (v >> 8), (byte) v};
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int o = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, o, p.length);
            o += p.length;
        }
        return out;
    }
}
