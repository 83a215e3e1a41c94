package com.example.cli;

import com.code_intelligence.jazzer.junit.FuzzTest;

/** Two fuzz tests of one name: an input belongs to one of them. */
class OverloadedFuzzTest {
    @FuzzTest
    void parse(byte[] data) {}

    @FuzzTest
    void parse(String text) {}
}
