/*
 * Where jazzer-api's BugDetectors.allowNetworkConnections finds its policy (by class and field
 * name): the shim's server-side-request-forgery detector reads the same reference.
 */
package com.code_intelligence.jazzer.sanitizers;

import com.jvmfuzz.shim.detectors.Policies;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiPredicate;

public final class ServerSideRequestForgery {
    private ServerSideRequestForgery() {}

    public static final AtomicReference<BiPredicate<String, Integer>> connectionPermitted =
            Policies.CONNECTION_PERMITTED;
}
