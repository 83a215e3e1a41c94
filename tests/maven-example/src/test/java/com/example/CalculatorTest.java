package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class CalculatorTest {
    private final Calculator calc = new Calculator();

    @Test
    void adds() {
        assertEquals(5, calc.add(2, 3));
    }

    @Test
    void dividesAndRejectsZero() {
        assertEquals(3, calc.divide(9, 3));
        assertThrows(ArithmeticException.class, () -> calc.divide(1, 0));
    }

    @Test
    void classifiesSomeNumbers() {
        assertEquals("negative", calc.classify(-4));
        assertEquals("small", calc.classify(7));
    }
}
