package com.example.cli;

/** A check that does nothing wrong itself. */
public final class Secret {
    private Secret() {}

    public static boolean check(String word) {
        return word.length() == 4 && word.hashCode() % 7 == 3;
    }
}
