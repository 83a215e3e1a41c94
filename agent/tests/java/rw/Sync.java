package rw;

public class Sync {
    private int counter;
    private final Object lock = new Object();

    synchronized void incIf(boolean b) {
        if (b) {
            counter++;
        } else {
            counter += 2;
        }
    }

    int addAll(int n) {
        for (int i = 0; i < n; i++) {
            synchronized (lock) {
                if (i % 3 == 0) {
                    continue;
                }
                try {
                    if (i == 7) {
                        throw new IllegalStateException();
                    }
                    counter += i;
                } catch (IllegalStateException e) {
                    counter -= 100;
                }
            }
        }
        return counter;
    }

    static void run() throws InterruptedException {
        final Sync s = new Sync();
        Thread[] ts = new Thread[4];
        for (int t = 0; t < ts.length; t++) {
            final int id = t;
            ts[t] = new Thread(() -> {
                for (int i = 0; i < 1000; i++) {
                    s.incIf((i + id) % 2 == 0);
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        System.out.println("sync " + s.counter + " " + s.addAll(10));
    }
}
