package cfg;

/** Supplies a value (the package's own Supplier, so no other package's drivers hand it over). */
public interface Source<T> {
    T get();
}
