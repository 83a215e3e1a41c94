package contract;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A queue of labels (commons-collections4's queues and sorted bags): what the JDK's Javadoc of
 * the interface method says an override throws is its contract, and nothing more is.
 * No Javadoc of its own names an exception, so only the JDK's can.
 */
public final class Shelf extends java.util.AbstractQueue<String> {
    private final List<String> items = new ArrayList<>();

    @Override
    public boolean offer(String label) {
        items.add(label);
        return true;
    }

    @Override
    public String poll() {
        return items.isEmpty() ? null : items.remove(0);
    }

    /** Contract: Queue.element's Javadoc names the NoSuchElementException of an empty queue. */
    @Override
    public String element() {
        if (items.isEmpty()) {
            throw new NoSuchElementException("empty shelf");
        }
        return items.get(0);
    }

    /** Bug: Queue.peek answers null on an empty queue; its Javadoc names no exception. */
    @Override
    public String peek() {
        if (items.isEmpty()) {
            throw new NoSuchElementException("empty shelf");
        }
        return items.get(0);
    }

    /**
     * Contract: the first label of an empty shelf (SortedSet.first's convention; commons-collections4's
     * SortedBag.first, which no JDK interface of Java 17 declares).
     */
    public String first() {
        if (items.isEmpty()) {
            throw new NoSuchElementException("no first label");
        }
        return items.get(0);
    }

    @Override
    public int size() {
        return items.size();
    }

    @Override
    public Iterator<String> iterator() {
        return items.iterator();
    }

    /** Orders labels by their shelf code (the text before a ':'). */
    public static final class ByCode implements Comparator<String> {
        private static String code(String label) {
            int colon = label.indexOf(':');
            return colon < 0 ? null : label.substring(0, colon);
        }

        /**
         * Bug: Comparator.compare's Javadoc names a NullPointerException for a null argument,
         * but both labels here are not null: the null is a code of its own (commons-codec's
         * StringEncoderComparator.compare("", "")).
         */
        @Override
        public int compare(String a, String b) {
            return code(a).compareTo(code(b));
        }
    }
}
