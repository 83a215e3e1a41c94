/*
 * file-path-traversal (CWE-22): the input makes a file API leave its root: the directory a
 * child path is resolved against (File(parent, child), Path.resolve: also zip slip, an archive
 * entry's name joined to the extraction folder), else the working directory. The payload is a
 * file named "jazzer-traversal" reached through "..": a path that stays inside is no finding.
 *
 * Jazzer's BugDetectors API changes the judge: setFilePathTraversalTarget names the path whose
 * access is the finding, setFilePathTraversalAllowPath the paths the target may touch.
 */
package com.jvmfuzz.shim.detectors;

import java.io.File;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.function.Predicate;
import java.util.function.Supplier;

public final class FilePathTraversal {
    private FilePathTraversal() {}

    static final String NAME = "file-path-traversal";
    static final String PAYLOAD = "../jazzer-traversal";
    private static final String TARGET = "jazzer-traversal";

    /** One path string: {@code File(String)}, {@code FileInputStream(String)}, {@code Paths.get(String, String...)}, ... */
    public static void path(MethodHandle method, Object self, Object[] args, int id) {
        if (args.length == 0 || !(args[0] instanceof String)) {
            return;
        }
        StringBuilder full = new StringBuilder((String) args[0]);
        if (args.length > 1 && args[1] instanceof String[]) {
            for (String more : (String[]) args[1]) {
                full.append('/').append(more);
            }
        }
        check(null, full.toString(), false);
    }

    /** A child against a parent: {@code File(String|File, String)}. */
    public static void child(MethodHandle method, Object self, Object[] args, int id) {
        if (args.length < 2 || !(args[1] instanceof String) || args[0] == null) {
            return;
        }
        String parent = args[0] instanceof File ? ((File) args[0]).getPath() : args[0].toString();
        // File(parent, "/x") is parent/x: the child is appended, never taken as absolute.
        check(parent, (String) args[1], true);
    }

    /** {@code Path.resolve(String)} on a path. */
    public static void resolve(MethodHandle method, Object self, Object[] args, int id) {
        if (self != null && args.length > 0 && args[0] instanceof String) {
            check(self.toString(), (String) args[0], false);
        }
    }

    private static void check(String parent, String child, boolean appended) {
        if (child == null) {
            return;
        }
        java.util.function.Predicate<Path> allowed = Policies.ALLOWED_PATH.get();
        Supplier<Path> target = Policies.TRAVERSAL_TARGET.get();
        if (allowed != Policies.ANY_PATH || target != Policies.PAYLOAD_PATH) {
            byPolicy(parent, child, appended, allowed, target);
            return;
        }
        Detector.towardsContainment(child, PAYLOAD);
        if (!child.contains(TARGET)) {
            return;
        }
        try {
            Path root = Paths.get(parent == null || parent.isEmpty() ? "." : parent).toAbsolutePath().normalize();
            Path p = (appended ? Paths.get(root.toString(), child) : root.resolve(child)).normalize();
            if (p.getFileName() != null && p.getFileName().toString().equals(TARGET) && !p.startsWith(root)) {
                Detector.report(NAME, "path traversal: the input leaves " + root + " with `" + child + "`", child);
            }
        } catch (RuntimeException invalidPath) {
            // Not a path this file system accepts: the call will fail by itself.
        }
    }

    private static void byPolicy(String parent, String child, boolean appended, Predicate<Path> allowed,
            Supplier<Path> target) {
        Path p;
        Path root;
        try {
            root = Paths.get(parent == null || parent.isEmpty() ? "." : parent).toAbsolutePath().normalize();
            p = (appended ? Paths.get(root.toString(), child) : root.resolve(child)).normalize();
        } catch (RuntimeException invalidPath) {
            return;
        }
        Path[] t0 = new Path[1];
        if (Detector.policy(() -> (t0[0] = target.get()) != null || true) == null) {
            return;
        }
        Path t = t0[0];
        if (t != null) {
            Path want = t.toAbsolutePath().normalize();
            // Towards the target as this call would have to name it (relative to its root).
            Detector.towardsEquality(child, root.relativize(want).toString());
            if (p.equals(want)) {
                Detector.report(NAME, "path traversal: the input reached the target path " + want);
            }
        }
        final Path path = p;
        if (Boolean.FALSE.equals(Detector.policy(() -> allowed.test(path)))) {
            Detector.report(NAME, "path traversal: " + p + " is not a path the harness allows");
        }
    }
}
