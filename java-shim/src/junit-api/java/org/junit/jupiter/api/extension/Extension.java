package org.junit.jupiter.api.extension;

public interface Extension {}
