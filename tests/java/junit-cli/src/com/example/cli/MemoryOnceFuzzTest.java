package com.example.cli;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * A fuzz test whose first longer input holds a gigabyte for a few seconds, once per campaign
 * (a file in the working folder remembers it), and which has a planted bug besides. Past
 * -rss_limit_mb the input is a finding and the test JVM ends; only a new JVM on the same
 * corpus can go on to the bug.
 */
class MemoryOnceFuzzTest {
    static volatile byte[][] held;

    @FuzzTest
    void parse(FuzzedDataProvider data) throws IOException, InterruptedException {
        String s = data.consumeRemainingAsString();
        Path marker = Paths.get("hogged-once");
        if (s.length() > 3 && !Files.exists(marker)) {
            Files.write(marker, new byte[0]);
            byte[][] hog = new byte[10][];
            for (int i = 0; i < hog.length; i++) {
                hog[i] = new byte[100 << 20];
                java.util.Arrays.fill(hog[i], (byte) i);
            }
            held = hog;
            Thread.sleep(4000);
            held = null;
        }
        if (s.startsWith("BUG") && s.endsWith("!")) {
            throw new IllegalStateException("planted bug after the memory limit");
        }
    }
}
