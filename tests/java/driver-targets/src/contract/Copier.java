package contract;

/** Copies names into a {@link Store}. */
public final class Copier {
    private Copier() {}

    /** Contract: writes into the store it is given; a read-only one refuses. */
    public static int copy(String[] names, Store into) {
        for (String n : names) {
            if (n != null && n.startsWith("k")) {
                into.put(n);
            }
        }
        return into.size();
    }

    /** Bug: writes its log into a store it made read-only itself. */
    public static int archive(String[] names) {
        Store log = Store.readOnly();
        int n = 0;
        for (String s : names) {
            if (s != null && s.startsWith("q")) {
                log.put(s);
                n++;
            }
        }
        return n;
    }
}
