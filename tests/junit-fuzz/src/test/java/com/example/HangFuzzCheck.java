package com.example;

import com.jvmfuzz.junit.FuzzTest;

/**
 * A fuzz test whose input can make it loop forever. Not matched by Surefire's default includes
 * (no *Test suffix): tests/tests/junit_fuzz.rs runs it alone with -Dtest=HangFuzzCheck, since a
 * stuck execution ends the test JVM once its input is saved.
 */
class HangFuzzCheck {
    @FuzzTest(maxDuration = "60s", timeout = "2s")
    void loops(byte[] input) {
        if (input.length >= 2 && input[0] == 'L' && input[1] == 'P') {
            while (input.length > 0) {
                Thread.onSpinWait();
            }
        }
    }
}
