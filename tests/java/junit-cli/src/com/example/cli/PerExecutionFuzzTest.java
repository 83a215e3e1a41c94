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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestInstancePostProcessor;

/**
 * A fuzz test with Lifecycle.PER_EXECUTION: every instance and lifecycle step writes an event,
 * and @AfterAll writes them, one per line, to the file the system property `events` names, so
 * a test can compare jvmfuzz's order with Jazzer's. `planted` fails on its first non-empty
 * input, inside the test; `state` fails if an instance runs twice, or runs without its
 * @BeforeEach, which a shared instance would.
 */
@ExtendWith(PerExecutionFuzzTest.PostProcessor.class)
@ExtendWith(PerExecutionFuzzTest.Callbacks1.class)
@ExtendWith(PerExecutionFuzzTest.Callbacks2.class)
class PerExecutionFuzzTest extends PerExecutionBase {
    private boolean prepared;
    private boolean used;

    @BeforeAll
    static void beforeAll() {
        EVENTS.add("beforeAll");
    }

    @BeforeEach
    void before1(TestInfo info) {
        event("before1 " + info.getTestMethod().map(m -> m.getName()).orElse("?"));
        prepared = true;
    }

    @BeforeEach
    void before2() {
        event("before2");
    }

    @FuzzTest(maxExecutions = 100, lifecycle = Lifecycle.PER_EXECUTION)
    void planted(byte[] data) throws IOException {
        event("planted");
        if (data.length != 0) {
            throw new IOException("planted: the first non-empty input");
        }
    }

    @FuzzTest(maxExecutions = 100, lifecycle = Lifecycle.PER_EXECUTION)
    void state(byte[] data) {
        event("state");
        if (!prepared || used) {
            throw new IllegalStateException("an instance ran twice or without @BeforeEach");
        }
        used = true;
    }

    @AfterEach
    void after1() {
        event("after1");
    }

    @AfterEach
    void after2() {
        event("after2");
    }

    @AfterAll
    static void afterAll() throws IOException {
        EVENTS.add("afterAll");
        String file = System.getProperty("events");
        if (file != null) {
            Files.write(Paths.get(file), EVENTS, StandardCharsets.UTF_8);
        }
    }

    static final class PostProcessor implements TestInstancePostProcessor {
        @Override
        public void postProcessTestInstance(Object instance, ExtensionContext context) {
            ((PerExecutionBase) instance).event("postProcess" + (context.getTestInstance().isPresent() ? " (has instance!)" : ""));
        }
    }

    static class Callbacks implements BeforeEachCallback, AfterEachCallback {
        private final String name;

        Callbacks(String name) {
            this.name = name;
        }

        private static PerExecutionBase instance(ExtensionContext context) {
            Object o = context.getRequiredTestInstance();
            boolean consistent = context.getTestInstance().get() == o
                    && context.getRequiredTestInstances().getAllInstances().size() == 1
                    && context.getRequiredTestInstances().getInnermostInstance() == o;
            PerExecutionBase b = (PerExecutionBase) o;
            if (!consistent) {
                b.event("inconsistent test instances");
            }
            return b;
        }

        @Override
        public void beforeEach(ExtensionContext context) {
            instance(context).event("beforeEachCallback" + name);
        }

        @Override
        public void afterEach(ExtensionContext context) {
            instance(context).event("afterEachCallback" + name);
        }
    }

    static final class Callbacks1 extends Callbacks {
        Callbacks1() {
            super("1");
        }
    }

    static final class Callbacks2 extends Callbacks {
        Callbacks2() {
            super("2");
        }
    }
}

/** The superclass: its @BeforeEach runs before the subclass's, its @AfterEach after. */
abstract class PerExecutionBase {
    static final List<String> EVENTS = new ArrayList<>();
    private static int nextId = 1;
    private final int id = nextId++;

    void event(String what) {
        EVENTS.add(what + " on " + id);
    }

    @BeforeEach
    void baseBefore() {
        event("baseBefore");
    }

    @AfterEach
    void baseAfter() {
        event("baseAfter");
    }
}
