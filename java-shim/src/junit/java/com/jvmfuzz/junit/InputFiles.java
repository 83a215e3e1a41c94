/*
 * Where a fuzz test's inputs live, in Jazzer's layout:
 *   src/test/resources/<package path>/<Class>Inputs/<method>/   the method's inputs
 *   src/test/resources/<package path>/<Class>Inputs/            inputs shared by the class
 * They are read from the source folder (under Surefire's basedir) when the project has
 * src/test/resources, else from the class path (the tests run from a jar or another layout):
 * not from Maven's copy in target/test-classes, which keeps an input deleted from the source
 * folder until `mvn clean`. Fuzz mode saves crash-<sha1> files into the source folder of the
 * method, so the next `mvn test` replays them.
 */
package com.jvmfuzz.junit;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

final class InputFiles {
    private InputFiles() {}

    static String inputsName(Class<?> testClass) {
        return testClass.getSimpleName() + "Inputs";
    }

    /* src/test/resources/<package path>/<Class>Inputs under the project folder. */
    static Path sourceInputs(Class<?> testClass) {
        Path p = Config.baseDir().resolve("src").resolve("test").resolve("resources");
        Package pkg = testClass.getPackage();
        if (pkg != null && !pkg.getName().isEmpty()) {
            for (String part : pkg.getName().split("\\.")) {
                p = p.resolve(part);
            }
        }
        return p.resolve(inputsName(testClass));
    }

    /* The class-path copy of the Inputs folder, if it is a folder on disk. */
    static Path classPathInputs(Class<?> testClass) {
        URL url = testClass.getResource(inputsName(testClass));
        if (url == null || !"file".equals(url.getProtocol())) {
            return null;
        }
        try {
            return Paths.get(new URI(url.toString()));
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    /* The folder crash files of `method` are saved in. */
    static Path saveDir(Method method) {
        return sourceInputs(method.getDeclaringClass()).resolve(method.getName());
    }

    /* Where the Inputs folder is read from: the source folder, else the class path's copy. */
    static Path[] roots(Class<?> c) {
        Path resources = Config.baseDir().resolve("src").resolve("test").resolve("resources");
        return new Path[] {Files.isDirectory(resources) ? sourceInputs(c) : classPathInputs(c)};
    }

    /* The folders that hold `method`'s inputs: the method's own first, then the class's. */
    static List<Path> folders(Method method) {
        Class<?> c = method.getDeclaringClass();
        List<Path> dirs = new ArrayList<>();
        for (Path root : roots(c)) {
            if (root != null) {
                dirs.add(root.resolve(method.getName()));
            }
        }
        for (Path root : roots(c)) {
            if (root != null) {
                dirs.add(root);
            }
        }
        List<Path> existing = new ArrayList<>();
        for (Path d : dirs) {
            if (Files.isDirectory(d) && !existing.contains(d)) {
                existing.add(d);
            }
        }
        return existing;
    }

    /*
     * `method`'s inputs by display name: the method's files by their name, the class's shared
     * files as "<Class>Inputs/<name>"; hidden files left out.
     */
    static Map<String, Path> inputs(Method method) throws IOException {
        Map<String, Path> byName = new TreeMap<>();
        Class<?> c = method.getDeclaringClass();
        for (Path root : roots(c)) {
            if (root == null) {
                continue;
            }
            addFiles(root.resolve(method.getName()), "", byName);
            addFiles(root, inputsName(c) + "/", byName);
        }
        return byName;
    }

    private static void addFiles(Path dir, String prefix, Map<String, Path> byName) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String name = f.getFileName().toString();
                if (Files.isRegularFile(f) && !name.startsWith(".")) {
                    byName.putIfAbsent(prefix + name, f);
                }
            }
        }
    }
}
