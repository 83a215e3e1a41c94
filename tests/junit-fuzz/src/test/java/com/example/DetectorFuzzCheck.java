package com.example;

import com.jvmfuzz.junit.FuzzTest;
import com.jvmfuzz.junit.NotNull;

/**
 * A bug detector's finding (regex-injection in Filter), which throws nothing by itself: its
 * crash file must fail the replay too. Run alone by tests/tests/junit_fuzz.rs.
 */
class DetectorFuzzCheck {
    @FuzzTest(maxDuration = "120s")
    void filters(@NotNull String rule, @NotNull String text) {
        try {
            Filter.accepts(rule, text);
        } catch (RuntimeException swallowed) {
            // the detector reports even when the target catches what it threw
        }
    }
}
