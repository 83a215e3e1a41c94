package com.example;

import com.jvmfuzz.junit.FuzzTest;
import com.jvmfuzz.junit.Grammar;

/**
 * A fuzz test whose String parameter is derived from a grammar (@Grammar): every value is a
 * well-formed expression, so the evaluator's bug (parentheses nested four deep) is reached
 * instead of its argument checks. Run alone by tests/tests/junit_fuzz.rs (-Dtest=GrammarFuzzCheck).
 */
class GrammarFuzzCheck {
    @FuzzTest(maxDuration = "300s")
    void evaluates(@Grammar("src/test/grammars/Calc.g4") String expression) {
        try {
            Calc.eval(expression);
        } catch (IllegalArgumentException refused) {
            // Division by zero is well-formed; anything else the evaluator refuses is not.
            if (!"division by zero".equals(refused.getMessage())) {
                throw new AssertionError("@Grammar gave a malformed expression: " + expression, refused);
            }
        }
    }
}
