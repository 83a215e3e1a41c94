package org.junit.platform.launcher;

public final class TestIdentifier {
    private TestIdentifier() {}

    public boolean isTest() {
        throw new UnsupportedOperationException("stand-in");
    }

    public String getDisplayName() {
        throw new UnsupportedOperationException("stand-in");
    }
}
