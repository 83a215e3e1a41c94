package com.example;

import com.jvmfuzz.junit.FuzzTest;
import java.lang.reflect.Field;

/**
 * A fuzz test whose input can crash the JVM natively (a write through sun.misc.Unsafe to
 * address 0). Not matched by Surefire's default includes: tests/tests/junit_fuzz.rs runs it
 * alone with -Dtest=NativeCrashCheck. The input must be saved and the fuzz test named before
 * the test JVM dies.
 */
class NativeCrashCheck {
    @FuzzTest(maxDuration = "120s")
    void crashes(byte[] input) throws Exception {
        if (input.length >= 3 && input[0] == 'S' && input[1] == 'E' && input[2] == 'G') {
            Field f = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
            f.setAccessible(true);
            Object unsafe = f.get(null);
            unsafe.getClass().getMethod("putLong", long.class, long.class).invoke(unsafe, 0L, 42L);
        }
    }
}
