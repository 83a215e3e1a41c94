package contract;

import java.util.Iterator;
import java.util.NoSuchElementException;

/** Contract: next() past the end of an iterator. */
public final class Countdown implements Iterator<Integer> {
    private int left;

    public Countdown(int from) {
        left = from & 3;
    }

    @Override
    public boolean hasNext() {
        return left > 0;
    }

    @Override
    public Integer next() {
        if (left <= 0) {
            throw new NoSuchElementException("count down past zero");
        }
        return left--;
    }

    /** Bug: the same exception at the same site, from a method that is not an iterator step. */
    public static int skipAll(int from) {
        Countdown c = new Countdown(from);
        int n = 0;
        while (n <= 3) {
            c.next();
            n++;
        }
        return n;
    }
}
