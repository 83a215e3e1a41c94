package fuzz;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Field;

/**
 * A null dereference that the site swallows unless the third byte is 'Z', and that the harness
 * lets out only past its 50,000th execution, when C2 throws it hot, without a stack. The first time
 * one gets out, the execution after it crashes the JVM natively, while that stackless finding
 * waits for its replay. Both
 * happen once per campaign (a marker file in the working folder), but a replay (jvmfuzz's
 * child process, named by its environment) lets the exception out again, with its stack.
 */
public class StacklessThenCrash {
    private static final File ESCAPED = new File("stackless-then-crash.escaped");
    private static final boolean REPLAY = System.getenv("JVMFUZZ_STACKLESS_INPUT") != null;
    private static boolean crashNext;
    private static int calls;

    public static void fuzzerTestOneInput(byte[] data) throws Exception {
        if (crashNext) {
            Class<?> c = Class.forName("sun.misc.Unsafe");
            Field f = c.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            c.getMethod("putAddress", long.class, long.class).invoke(f.get(null), 16L, 42L);
        }
        calls++;
        if (data.length < 3) {
            return;
        }
        try {
            site(data);
        } catch (NullPointerException e) {
            // By then C2 has compiled the site hot, whatever the fuzzer found first.
            if (REPLAY || (calls > 50_000 && escapeOnce())) {
                crashNext = !REPLAY;
                throw e;
            }
        }
    }

    private static void site(byte[] data) {
        String name = data[0] == data[1] ? "same" : null;
        try {
            if (name.length() > 8) {
                throw new IllegalStateException("never");
            }
        } catch (NullPointerException e) {
            if (data[2] == 'Z') {
                throw e;
            }
        }
    }

    private static boolean escapeOnce() {
        try {
            return ESCAPED.createNewFile();
        } catch (IOException e) {
            return false;
        }
    }
}
