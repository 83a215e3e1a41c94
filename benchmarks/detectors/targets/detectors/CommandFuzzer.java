package detectors;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * JDK ProcessBuilder, CWE-78: a "tool runner" that starts the tool a request names, looked up
 * on PATH. It refuses paths ('/'), which does not stop the caller from choosing the program.
 * (The benchmark runs it with PATH set to an empty folder: no name resolves to a program.)
 */
public class CommandFuzzer {
    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        String tool = data.consumeString(32);
        String arg = data.consumeRemainingAsString();
        if (tool.isEmpty() || tool.contains("/") || tool.contains("\0") || arg.contains("\0")) {
            return;
        }
        try {
            Process p = new ProcessBuilder(tool, arg).redirectErrorStream(true).start();
            p.waitFor(1, TimeUnit.SECONDS);
            p.destroyForcibly();
        } catch (IOException e) {
            // no such tool
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
