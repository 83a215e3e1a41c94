package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.jvmfuzz.junit.FuzzTest;
import com.jvmfuzz.junit.NotNull;
import java.util.List;
import org.junit.jupiter.api.Test;

class ParserFuzzTest {
    @FuzzTest(maxDuration = "60s")
    void parses(byte[] input) {
        Parser.parse(input);
    }

    @FuzzTest(maxDuration = "60s")
    void discount(@NotNull String code, int cents, @NotNull List<Integer> quantities) {
        Shop.discount(code, cents, quantities);
    }

    @Test
    void plainTest() {
        assertEquals(-1, Parser.parse(new byte[0]));
        assertEquals(900, Shop.discount("SPRING24", 1000, List.of(1)));
    }
}
