package grammarbench;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The coverage replayer: runs the harness once on every file given (or every file in a folder
 * given), with no fuzzer in the process, so the JaCoCo agent of this JVM measures every mode's
 * corpus the same way. It calls the harness's {@code boolean parse(byte[])} (what
 * fuzzerTestOneInput calls), to count the inputs the parser accepts, or fuzzerTestOneInput if
 * there is none. Whatever an input throws is printed and ignored; an input
 * that runs longer than the timeout is abandoned (its thread left running, a daemon) and the
 * next one gets a fresh thread. Ends with System.exit(0), so JaCoCo's shutdown hook writes its
 * exec file.
 *
 *   java -javaagent:jacocoagent.jar=destfile=x.exec -cp ... grammarbench.Replay CLASS TIMEOUT_S PATH...
 */
public class Replay {
    public static void main(String[] args) throws Exception {
        Class<?> h = Class.forName(args[0]);
        Method m;
        try {
            m = h.getMethod("parse", byte[].class);
        } catch (NoSuchMethodException e) {
            m = h.getMethod("fuzzerTestOneInput", byte[].class);
        }
        final Method call = m;
        long timeout = Long.parseLong(args[1]);
        List<File> files = new ArrayList<>();
        for (String a : Arrays.asList(args).subList(2, args.length)) {
            File f = new File(a);
            File[] in = f.isDirectory() ? f.listFiles() : new File[] {f};
            if (in == null) {
                continue;
            }
            Arrays.sort(in);
            for (File x : in) {
                if (x.isFile() && !x.getName().startsWith(".")) {
                    files.add(x);
                }
            }
        }
        int ok = 0, accepted = 0, threw = 0, timeouts = 0;
        ExecutorService pool = newPool();
        for (File f : files) {
            byte[] data = Files.readAllBytes(f.toPath());
            Future<Object> r = pool.submit(() -> {
                try {
                    return call.invoke(null, (Object) data);
                } catch (InvocationTargetException e) {
                    return e.getCause();
                } catch (Throwable t) {
                    return t;
                }
            });
            try {
                Object t = r.get(timeout, TimeUnit.SECONDS);
                if (!(t instanceof Throwable)) {
                    ok++;
                    if (Boolean.TRUE.equals(t)) {
                        accepted++;
                    }
                } else {
                    threw++;
                    System.out.println("threw " + f + ": " + t);
                }
            } catch (TimeoutException e) {
                timeouts++;
                System.out.println("TIMEOUT " + f);
                pool.shutdownNow();
                pool = newPool();
            }
        }
        System.out.println("replayed " + files.size() + ": ok " + ok + ", accepted " + accepted + ", threw " + threw + ", timeouts " + timeouts);
        System.out.flush();
        System.exit(0);
    }

    private static ExecutorService newPool() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "replay");
            t.setDaemon(true);
            return t;
        });
    }
}
