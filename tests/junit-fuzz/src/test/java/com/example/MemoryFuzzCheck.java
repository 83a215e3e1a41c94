package com.example;

import com.jvmfuzz.junit.FuzzTest;
import java.util.ArrayList;
import java.util.List;

/**
 * A fuzz test whose input makes it hold on to memory, for JVMFUZZ_RSS_LIMIT_MB. Not matched by
 * Surefire's default includes: tests/tests/junit_fuzz.rs runs it alone with
 * -Dtest=MemoryFuzzCheck.
 */
class MemoryFuzzCheck {
    private static final List<byte[]> KEPT = new ArrayList<>();

    @FuzzTest(maxDuration = "120s", timeout = "30s")
    void hoards(byte[] input) throws InterruptedException {
        if (input.length >= 3 && input[0] == 'M' && input[1] == 'E' && input[2] == 'M') {
            for (int i = 0; i < 16; i++) {
                byte[] chunk = new byte[64 << 20];
                java.util.Arrays.fill(chunk, (byte) 1); // touched: resident
                KEPT.add(chunk);
                Thread.sleep(50);
            }
        }
    }
}
