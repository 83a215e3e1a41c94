package org.junit.platform.launcher;

import org.junit.platform.engine.TestExecutionResult;

public interface TestExecutionListener {
    default void executionStarted(TestIdentifier testIdentifier) {}

    default void executionSkipped(TestIdentifier testIdentifier, String reason) {}

    default void executionFinished(TestIdentifier testIdentifier, TestExecutionResult testExecutionResult) {}
}
