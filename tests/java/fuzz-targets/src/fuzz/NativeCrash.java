package fuzz;

import java.lang.reflect.Field;

/**
 * Crashes the JVM natively (a wild write through sun.misc.Unsafe, by reflection) on inputs
 * starting with "CX": the fuzzing process dies on a signal and must be restarted.
 */
public class NativeCrash {
    public static void fuzzerTestOneInput(byte[] data) throws Exception {
        if (data.length >= 2 && data[0] == 'C' && data[1] == 'X') {
            Class<?> c = Class.forName("sun.misc.Unsafe");
            Field f = c.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            Object unsafe = f.get(null);
            c.getMethod("putAddress", long.class, long.class).invoke(unsafe, 16L, 42L);
        }
    }
}
