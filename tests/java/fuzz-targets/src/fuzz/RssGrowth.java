package fuzz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An input starting with 'M' makes the process hold about 512 MB (touched, so resident) for a
 * second, without a Java OutOfMemoryError when the heap may grow that far: only a limit on the
 * process's memory (-rss_limit_mb) makes it a finding.
 */
public class RssGrowth {
    private static final List<byte[]> HELD = new ArrayList<>();

    public static void fuzzerTestOneInput(byte[] data) throws InterruptedException {
        if (data.length > 0 && data[0] == 'M') {
            for (int i = 0; i < 8; i++) {
                byte[] chunk = new byte[64 << 20];
                Arrays.fill(chunk, (byte) 1);
                HELD.add(chunk);
            }
            Thread.sleep(1000);
            HELD.clear();
        }
    }
}
