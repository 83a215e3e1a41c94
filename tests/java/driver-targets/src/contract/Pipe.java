package contract;

/** A stream it holds: a pipe used up by drain() refuses count() (the JDK's state check). */
public final class Pipe {
    private final java.util.stream.Stream<String> items;
    private boolean drained;

    public Pipe(java.util.List<String> items) {
        this.items = items.stream();
    }

    /** Uses up the stream it holds, once. */
    public void drain() {
        if (!drained) {
            drained = true;
            items.forEach(String::length);
        }
    }

    /** Contract after drain(): the stream it holds refuses a second operation. */
    public long count() {
        return drained ? items.count() : -1;
    }

    /** Bug: a stream this method made and used up itself (static: no state of the caller's). */
    public static long countTwice(java.util.List<String> names) {
        java.util.stream.Stream<String> s = names.stream();
        long n = s.count();
        return names.size() > 2 ? s.count() : n;
    }
}
