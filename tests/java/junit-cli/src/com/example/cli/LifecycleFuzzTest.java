package com.example.cli;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * A fuzz test that needs JUnit's lifecycle: without @BeforeAll the prefix is null, without
 * @BeforeEach the log is; either would make a NullPointerException the finding instead of
 * the planted bug.
 */
class LifecycleFuzzTest {
    private static String prefix;
    private StringBuilder log;

    @BeforeAll
    static void loadPrefix() {
        prefix = "key=";
    }

    @BeforeEach
    void newLog() {
        log = new StringBuilder();
    }

    @FuzzTest
    void keys(FuzzedDataProvider data) {
        String s = data.consumeRemainingAsString();
        log.append(s);
        if (s.startsWith(prefix) && s.endsWith("!") && s.length() > 6) {
            throw new IllegalStateException("planted bug: a key ending in a bang");
        }
    }
}
