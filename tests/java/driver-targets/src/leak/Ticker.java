package leak;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A rate limiter whose clock is its own scheduled executor, stopped only by close() (as
 * commons-lang3's TimedSemaphore is): every instance a run makes and drops leaves a thread
 * ticking.
 */
public final class Ticker {
    private final ScheduledExecutorService clock = new ScheduledThreadPoolExecutor(1);
    private volatile int permits;

    public Ticker(int periodMillis) {
        long period = Math.max(1, periodMillis & 0xfff);
        clock.scheduleAtFixedRate(() -> permits = 0, period, period, TimeUnit.MILLISECONDS);
    }

    /** Takes n permits; false once the period's budget is spent. */
    public boolean take(int n) {
        if (n <= 0 || permits + n > 100) {
            return false;
        }
        permits += n;
        return true;
    }

    public void close() {
        clock.shutdownNow();
    }
}
