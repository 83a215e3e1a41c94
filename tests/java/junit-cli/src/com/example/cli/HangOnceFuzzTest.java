package com.example.cli;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.CountDownLatch;

/**
 * A fuzz test whose first longer input deadlocks, once per campaign (a file in the working
 * folder remembers it), and which has a planted bug besides. A thread blocked entering a
 * monitor cannot be stopped, so the deadlock ends the test JVM; only a new JVM on the same
 * corpus can go on to the bug.
 */
class HangOnceFuzzTest {
    private static final Object LOCK = new Object();
    private static final CountDownLatch HELD = new CountDownLatch(1);

    static {
        Thread holder = new Thread(() -> {
            synchronized (LOCK) {
                HELD.countDown();
                while (true) {
                    try {
                        Thread.sleep(60_000);
                    } catch (InterruptedException ignored) {
                        // keeps the lock
                    }
                }
            }
        }, "lock holder");
        holder.setDaemon(true);
        holder.start();
    }

    @FuzzTest
    void parse(FuzzedDataProvider data) throws IOException, InterruptedException {
        String s = data.consumeRemainingAsString();
        Path marker = Paths.get("hung-once");
        if (s.length() > 3 && !Files.exists(marker)) {
            Files.write(marker, new byte[0]);
            HELD.await();
            synchronized (LOCK) {
                s = s + "never";
            }
        }
        if (s.startsWith("BUG") && s.endsWith("!")) {
            throw new IllegalStateException("planted bug after the hang");
        }
    }

    /** Deadlocks on every input that starts with LOCK, in every JVM. */
    @FuzzTest
    void always(FuzzedDataProvider data) throws InterruptedException {
        if (data.consumeRemainingAsString().startsWith("LOCK")) {
            HELD.await();
            synchronized (LOCK) {
                Thread.onSpinWait();
            }
        }
    }
}
