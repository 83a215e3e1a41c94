import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.driver.FuzzedDataProviderImpl;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The physical limit of a realistic harness: its fuzzerTestOneInput called in a plain Java
 * loop over a run's final corpus, no fuzzer, no instrumentation. A FuzzedDataProvider
 * harness gets Jazzer's own provider (one per input, built before the loop and reset before
 * each call), so each call reads the values the fuzzing run read. What the harness throws is
 * caught and counted. Prints "calls/s <N> inputs <K> throws <T>" for the last of several
 * one-second windows.
 *
 *   java -cp HARNESS_CP:jazzer.jar:jazzer-api.jar:. CorpusCeiling CLASS CORPUS_DIR SECONDS
 */
public class CorpusCeiling {
    public static void main(String[] args) throws Throwable {
        Class<?> harness = Class.forName(args[0]);
        Path dir = Paths.get(args[1]);
        double seconds = args.length > 2 ? Double.parseDouble(args[2]) : 10;
        List<byte[]> corpus = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) files.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith("."))::iterator) {
                corpus.add(Files.readAllBytes(p));
            }
        }
        if (corpus.isEmpty()) {
            corpus.add(new byte[0]);
        }
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        MethodHandle call;
        Object[] inputs = new Object[corpus.size()];
        boolean provider;
        try {
            call = lookup.findStatic(harness, "fuzzerTestOneInput", MethodType.methodType(void.class, byte[].class));
            provider = false;
            for (int i = 0; i < inputs.length; i++) {
                inputs[i] = corpus.get(i);
            }
        } catch (NoSuchMethodException e) {
            call = lookup.findStatic(harness, "fuzzerTestOneInput",
                    MethodType.methodType(void.class, FuzzedDataProvider.class));
            provider = true;
            for (int i = 0; i < inputs.length; i++) {
                inputs[i] = FuzzedDataProviderImpl.withJavaData(corpus.get(i));
            }
        }
        call = call.asType(MethodType.methodType(void.class, Object.class));
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long last = 0;
        long throwsSeen = 0;
        while (System.nanoTime() < end) {
            long t0 = System.nanoTime();
            long n = 0;
            while (System.nanoTime() - t0 < 1_000_000_000L) {
                Object in = inputs[(int) (n++ % inputs.length)];
                if (provider) {
                    ((FuzzedDataProviderImpl) in).reset();
                }
                try {
                    call.invokeExact(in);
                } catch (Throwable t) {
                    throwsSeen++;
                }
            }
            last = (long) (n / ((System.nanoTime() - t0) / 1e9));
        }
        System.out.println("calls/s " + last + " inputs " + inputs.length + " throws " + throwsSeen);
    }
}
