package texts;

/** A setting "name=file" whose file is read from a store. */
public final class Template {
    private final Store store;

    public Template(Store store) {
        this.store = store;
    }

    /** Contract: the store the caller gave opens the file the caller's text names. */
    public boolean fill(CharSequence text) {
        String s = text.toString();
        int eq = s.indexOf('=');
        return eq >= 0 && store.open(s.substring(eq + 1));
    }

    /** Contract, as fill: the text comes as a char array (StringSubstitutor.replace(char[])). */
    public boolean fillChars(char[] text) {
        return fill(new String(text));
    }

    /** Contract, as fill: the text comes in a builder, which the method empties as it reads. */
    public boolean fillBuilder(StringBuilder text) {
        String s = text.toString();
        text.setLength(0);
        return fill(s);
    }

    /** Bug: a disk of its own (no object the caller built) opens the file the text names. */
    public boolean fillFromDisk(String text) {
        int eq = text.indexOf('=');
        return eq >= 0 && Disk.open(text.substring(eq + 1));
    }
}
