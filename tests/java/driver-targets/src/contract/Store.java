package contract;

import java.util.ArrayList;
import java.util.List;

/**
 * Where {@link Copier} writes. {@link #readOnly()} gives a store that refuses every write
 * (commons-collections4's unmodifiable multiset under a decorator): a caller handing one to a
 * method that writes chose it.
 */
public abstract class Store {
    Store() {}

    abstract void put(String s);

    abstract int size();

    /**
     * Bug on a {@link #failing()} store: it wraps a fault of the JVM (a null dereference of
     * its own) in the library's exception type (the store the caller built is the receiver
     * here, the method's own).
     */
    public int flush() {
        return size();
    }

    public static Store list() {
        return new ListStore();
    }

    public static Store readOnly() {
        return new ReadOnly();
    }

    /** A store whose every write fails with the library's own exception. */
    public static Store failing() {
        return new Failing();
    }

    /** What a {@link #failing()} store throws. */
    public static final class StoreException extends RuntimeException {
        StoreException(String message) {
            super(message);
        }

        StoreException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static final class Failing extends Store {
        @Override
        void put(String s) {
            throw new StoreException("this store fails every write");
        }

        @Override
        int size() {
            return 0;
        }

        private final int[] pending = null;

        @Override
        public int flush() {
            try {
                return pending.length;
            } catch (NullPointerException e) {
                throw new StoreException("flush of a failing store", e);
            }
        }
    }

    private static final class ListStore extends Store {
        private final List<String> items = new ArrayList<>();

        @Override
        void put(String s) {
            items.add(s);
        }

        @Override
        int size() {
            return items.size();
        }
    }

    private static final class ReadOnly extends Store {
        @Override
        void put(String s) {
            throw new UnsupportedOperationException("read-only store");
        }

        @Override
        int size() {
            return 0;
        }
    }
}
