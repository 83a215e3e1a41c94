package com.example.cli;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.junit.Lifecycle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Lifecycle.PER_EXECUTION whose @BeforeEach fails on the third instance (the second execution):
 * that failure is the finding, and the instance's @AfterEach still runs, as JUnit runs it.
 * Events go to the file the system property `events` names.
 */
class PerExecutionSetupFailsFuzzTest {
    private static final List<String> EVENTS = new ArrayList<>();
    private static int nextId = 1;
    private final int id = nextId++;

    @BeforeEach
    void open() {
        EVENTS.add("open " + id);
        if (id == 3) {
            throw new IllegalStateException("set-up failed on instance 3");
        }
    }

    @FuzzTest(maxExecutions = 100, lifecycle = Lifecycle.PER_EXECUTION)
    void run(byte[] data) {
        EVENTS.add("run " + id);
    }

    @AfterEach
    void close() {
        EVENTS.add("close " + id);
    }

    @AfterAll
    static void write() throws IOException {
        String file = System.getProperty("events");
        if (file != null) {
            Files.write(Paths.get(file), EVENTS, StandardCharsets.UTF_8);
        }
    }
}
