/*
 * What a harness allows, through Jazzer's BugDetectors API (jazzer-api finds these objects
 * through com.code_intelligence.jazzer.sanitizers.*, in jvmfuzz's Jazzer run-time jar, whose
 * fields are these same references). Each starts at a marker meaning "no policy": the detector
 * then judges by its payload alone. A policy the harness sets is the judge instead.
 */
package com.jvmfuzz.shim.detectors;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiPredicate;
import java.util.function.Predicate;
import java.util.function.Supplier;

public final class Policies {
    private Policies() {}

    /** No connection policy: only the payload host is a finding (generated drivers). */
    public static final BiPredicate<String, Integer> PAYLOAD_HOSTS = (host, port) -> true;
    /**
     * Jazzer's default for a harness: no connection is allowed, so every attempt is a finding
     * until the harness calls {@code BugDetectors.allowNetworkConnections}.
     */
    public static final BiPredicate<String, Integer> NO_CONNECTIONS = (host, port) -> false;
    /** {@code BugDetectors.allowNetworkConnections}: which (host, port) the target may connect to. */
    public static final AtomicReference<BiPredicate<String, Integer>> CONNECTION_PERMITTED =
            new AtomicReference<>(PAYLOAD_HOSTS);

    /** No target set: the payload is "../jazzer-traversal" against the call's root. */
    public static final Supplier<Path> PAYLOAD_PATH = () -> null;
    /** {@code BugDetectors.setFilePathTraversalTarget}: the path whose access is the finding. */
    public static final AtomicReference<Supplier<Path>> TRAVERSAL_TARGET = new AtomicReference<>(PAYLOAD_PATH);

    /** No allowed-path predicate. */
    public static final Predicate<Path> ANY_PATH = p -> true;
    /** {@code BugDetectors.setFilePathTraversalAllowPath}: paths the target may touch. */
    public static final AtomicReference<Predicate<Path>> ALLOWED_PATH = new AtomicReference<>(ANY_PATH);
}
