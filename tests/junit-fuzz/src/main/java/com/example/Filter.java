package com.example;

import java.util.regex.Pattern;

/** Compiles its input as a regular expression: a regex-injection for the bug detectors. */
public final class Filter {
    private Filter() {}

    public static boolean accepts(String rule, String text) {
        if (rule.startsWith("re:")) {
            return Pattern.compile(rule.substring(3)).matcher(text).find();
        }
        return text.contains(rule);
    }
}
