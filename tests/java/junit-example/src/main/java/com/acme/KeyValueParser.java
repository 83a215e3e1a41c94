package com.acme;

import java.util.LinkedHashMap;
import java.util.Map;

/** Parses "k=v; k2=v2" strings. Used by tests/tests/junit_console.rs with JUnit 5. */
public final class KeyValueParser {
    private final char separator;

    public KeyValueParser(char separator) {
        this.separator = separator;
    }

    public Map<String, String> parse(String input) {
        Map<String, String> out = new LinkedHashMap<>();
        if (input == null || input.isBlank()) {
            return out;
        }
        for (String part : input.split(String.valueOf(separator))) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int eq = p.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("no key in: " + p);
            }
            out.put(p.substring(0, eq).trim(), p.substring(eq + 1).trim());
        }
        return out;
    }

    public static String kind(String value) {
        switch (value) {
            case "true":
            case "false":
                return "boolean";
            case "":
                return "empty";
            default:
                return value.chars().allMatch(Character::isDigit) ? "number" : "string";
        }
    }

    /** Not exercised by the tests. */
    public String render(Map<String, String> m) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> e : m.entrySet()) {
            if (sb.length() > 0) {
                sb.append(separator).append(' ');
            }
            sb.append(e.getKey()).append('=').append(e.getValue());
        }
        return sb.toString();
    }
}
