package com.example.cli;

import com.code_intelligence.jazzer.junit.FuzzTest;

/** Fails on any input longer than 4 bytes: found at once, unless -max_len keeps inputs short. */
class LengthFuzzTest {
    @FuzzTest
    void shortInputs(byte[] data) {
        if (data.length > 4) {
            throw new IllegalStateException("an input of " + data.length + " bytes");
        }
    }
}
