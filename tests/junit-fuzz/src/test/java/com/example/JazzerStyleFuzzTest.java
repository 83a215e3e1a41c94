package com.example;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Test;

/** Written for Jazzer's JUnit integration, unchanged: Jazzer's @FuzzTest and FuzzedDataProvider. */
class JazzerStyleFuzzTest {
    @FuzzTest(maxDuration = "60s")
    void headers(FuzzedDataProvider data) {
        int version = data.consumeInt(1, 3);
        boolean secure = data.consumeBoolean();
        String value = data.consumeRemainingAsString();
        if (version == 2 && !secure && value.startsWith("X-Mode: debug")) {
            throw new IllegalArgumentException("planted bug: debug mode header on insecure version 2");
        }
    }

    @Test
    void plainJazzerStyleTest() {
        assertTrue(Parser.parse("REC".getBytes()) < 0);
    }
}
