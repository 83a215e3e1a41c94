package fuzz;

/**
 * Sleeps for ever in a static initializer of the solver's trace copy of its classes only: no
 * stop is ever sent into a static initializer (it would leave the class broken for the JVM's
 * life), and LibAFL's executor timeout covers executions only, so nothing stops the traced
 * run. The watchdog must say where the fuzzing thread is stuck, and end the campaign at its
 * --max-total-time, where it once stalled for good.
 */
public class TraceStuck {
    static final class Gate {
        static {
            if (Gate.class.getClassLoader().getClass().getName().endsWith("TraceLoader")) {
                while (true) {
                    try {
                        Thread.sleep(1000);
                    } catch (InterruptedException e) {
                        // The stop's interrupt: sleep again.
                    }
                }
            }
        }

        static void open() {}
    }

    public static void fuzzerTestOneInput(byte[] data) {
        if (data.length > 0 && data[0] == 'S') {
            Gate.open();
        }
    }
}
