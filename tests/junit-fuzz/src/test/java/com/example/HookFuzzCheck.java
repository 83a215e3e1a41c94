package com.example;

import com.jvmfuzz.junit.FuzzTest;
import java.nio.charset.StandardCharsets;

/**
 * Nothing to find but what `LockHooks` reports, on a call that names the subclass of the
 * hooked abstract class, in this class, which Surefire loads before the hooks are installed.
 * Run alone by tests/tests/junit_fuzz.rs.
 */
class HookFuzzCheck {
    @FuzzTest(maxDuration = "120s")
    void opensALock(byte[] input) {
        new StrictLock().open(new String(input, StandardCharsets.UTF_8));
    }
}
