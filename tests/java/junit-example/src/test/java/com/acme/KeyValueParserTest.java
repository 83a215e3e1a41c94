package com.acme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeyValueParserTest {
    private final KeyValueParser parser = new KeyValueParser(';');

    @Test
    void parsesPairs() {
        Map<String, String> m = parser.parse("a=1; b = two ;;");
        assertEquals(Map.of("a", "1", "b", "two"), m);
    }

    @Test
    void emptyInput() {
        assertTrue(parser.parse("  ").isEmpty());
    }

    @Test
    void rejectsMissingKey() {
        assertThrows(IllegalArgumentException.class, () -> parser.parse("=x"));
    }

    @ParameterizedTest
    @CsvSource({"true,boolean", "42,number", "abc,string"})
    void kinds(String value, String kind) {
        assertEquals(kind, KeyValueParser.kind(value));
    }
}
