import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.jacoco.cli.internal.core.instr.Instrumenter;
import org.jacoco.cli.internal.core.runtime.OfflineInstrumentationAccessGenerator;

/**
 * JaCoCo's rewriter in memory, without the jar I/O and the JVM start: the classes of each jar
 * are read once, then instrumented PASSES times with the same Instrumenter that
 * `jacoco instrument` uses (offline mode). Pass 1 runs on a cold JIT; later passes show
 * JaCoCo's steady state, its best case.
 *
 * Usage: java -cp org.jacoco.cli-0.8.14-nodeps.jar:DIR JacocoWarm PASSES JAR...
 * Prints one "RESULT jar=... pass=N classes=... in_class_bytes=... out_class_bytes=... s=... cpu_s=..."
 * line per jar and pass (cpu_s: CPU time of the instrumenting thread only; the JIT compiler
 * threads that work for it are not counted).
 */
public final class JacocoWarm {
    public static void main(String[] args) throws Exception {
        int passes = Integer.parseInt(args[0]);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Instrumenter instrumenter = new Instrumenter(new OfflineInstrumentationAccessGenerator());
        for (int a = 1; a < args.length; a++) {
            String jar = args[a];
            List<String> names = new ArrayList<>();
            List<byte[]> classes = new ArrayList<>();
            long inBytes = 0;
            try (ZipFile zip = new ZipFile(jar)) {
                Enumeration<? extends ZipEntry> en = zip.entries();
                while (en.hasMoreElements()) {
                    ZipEntry e = en.nextElement();
                    if (e.isDirectory() || !e.getName().endsWith(".class")) continue;
                    try (InputStream in = zip.getInputStream(e)) {
                        byte[] b = in.readAllBytes();
                        names.add(e.getName());
                        classes.add(b);
                        inBytes += b.length;
                    }
                }
            }
            String jarName = new java.io.File(jar).getName();
            for (int p = 1; p <= passes; p++) {
                long outBytes = 0;
                int failed = 0;
                long c0 = mx.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                for (int i = 0; i < classes.size(); i++) {
                    try {
                        outBytes += instrumenter.instrument(classes.get(i), names.get(i)).length;
                    } catch (Exception ex) {
                        failed++;
                    }
                }
                long t = System.nanoTime() - t0;
                long c = mx.getCurrentThreadCpuTime() - c0;
                System.out.printf("RESULT jar=%s pass=%d classes=%d failed=%d in_class_bytes=%d out_class_bytes=%d s=%.6f cpu_s=%.6f%n",
                        jarName, p, classes.size(), failed, inBytes, outBytes, t / 1e9, c / 1e9);
            }
        }
    }
}
