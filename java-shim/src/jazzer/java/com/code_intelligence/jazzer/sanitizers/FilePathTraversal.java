/*
 * Where jazzer-api's BugDetectors.setFilePathTraversalTarget/AllowPath find their values (by
 * class and field name): the shim's file-path-traversal detector reads the same references.
 */
package com.code_intelligence.jazzer.sanitizers;

import com.jvmfuzz.shim.detectors.Policies;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.Supplier;

public final class FilePathTraversal {
    private FilePathTraversal() {}

    public static final AtomicReference<Supplier<Path>> target = Policies.TRAVERSAL_TARGET;
    public static final AtomicReference<Predicate<Path>> checkPath = Policies.ALLOWED_PATH;
}
