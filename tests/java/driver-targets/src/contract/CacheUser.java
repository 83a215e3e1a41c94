package contract;

/** A part built over a Cache. */
public final class CacheUser {
    private final Cache cache;

    public CacheUser(Cache cache) {
        this.cache = cache;
    }

    /** The slot i of the cache, or -1 for a negative i. */
    public long slot(int i) {
        return i < 0 ? -1 : cache.table().get(i);
    }
}
