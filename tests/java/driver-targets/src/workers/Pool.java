package workers;

import java.lang.reflect.Field;
import java.util.concurrent.Callable;

/**
 * Work done on a worker thread whose failure the caller gets back as it is, with the worker's
 * stack (no frame of the caller's: opencsv's StatefulBeanToCsv.write(List)).
 */
public final class Pool {
    private Pool() {}

    /** The first field of the bean, read by reflection: a JDK class's is closed to it (contract). */
    public static String firstField(Object bean) {
        return onWorker(() -> {
            Field f = bean.getClass().getDeclaredFields()[0];
            f.setAccessible(true);
            return String.valueOf(f.get(bean));
        });
    }

    /** Planted bug: a worker's own null for texts longer than three characters. */
    public static int measure(String text) {
        return onWorker(() -> {
            String kept = text.length() > 3 ? null : text;
            return kept.length();
        });
    }

    /**
     * A batch of beans whose first fields are read as it is built: a driver's method sequence
     * adds to it (set-up), where a worker's failure is the adding call's, judged by its own
     * driver, never the batch's later method.
     */
    public static final class Batch {
        private String last;
        private int count;

        public void add(Object bean) {
            last = firstField(bean);
            count++;
        }

        public int size() {
            return last == null ? 0 : count;
        }
    }

    private static <T> T onWorker(Callable<T> work) {
        Object[] result = new Object[1];
        Throwable[] failure = new Throwable[1];
        Thread worker = new Thread(() -> {
            try {
                result[0] = work.call();
            } catch (Throwable t) {
                failure[0] = t;
            }
        });
        worker.start();
        try {
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
        if (failure[0] instanceof RuntimeException) {
            throw (RuntimeException) failure[0];
        }
        if (failure[0] != null) {
            throw new IllegalStateException(failure[0]);
        }
        @SuppressWarnings("unchecked")
        T t = (T) result[0];
        return t;
    }
}
