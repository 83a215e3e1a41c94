package contract;

/** Prints records (see Records: an unreadable one fails as an UncheckedIOException). */
public final class Report {
    private Report() {}

    /** Contract: the caller's records fail while this prints them (their source, not this). */
    public static int printAll(Records records) {
        int n = 0;
        Records.Cursor c = records.open();
        for (String r = c.next(); r != null; r = c.next()) {
            n += r.length();
        }
        return n;
    }

    /** Bug: records it read itself fail (the method chose to read; no source of the caller's). */
    public static int printText(String text) {
        return printAll(new Records(text));
    }
}
