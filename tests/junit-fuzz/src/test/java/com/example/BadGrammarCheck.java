package com.example;

import com.jvmfuzz.junit.FuzzTest;
import com.jvmfuzz.junit.Grammar;

/**
 * A fuzz test naming a grammar file that does not exist: the test fails when it starts, with a
 * message naming the file. Run alone by tests/tests/junit_fuzz.rs (-Dtest=BadGrammarCheck).
 */
class BadGrammarCheck {
    @FuzzTest
    void parses(@Grammar("src/test/grammars/Missing.g4") String text) {
        Calc.eval(text);
    }
}
