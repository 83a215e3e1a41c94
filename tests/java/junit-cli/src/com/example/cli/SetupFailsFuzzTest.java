package com.example.cli;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.BeforeAll;

/** Its @BeforeAll fails: the fuzz test never runs, and no tool may pretend it did. */
class SetupFailsFuzzTest {
    @BeforeAll
    static void connect() {
        throw new IllegalStateException("no database here");
    }

    @FuzzTest
    void query(byte[] data) {}
}
