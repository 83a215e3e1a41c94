package cfg;

/** A static builder (commons-cli's OptionBuilder): static calls configure, create() refuses without a name. */
public final class StaticBuilder {
    private static String name;

    private StaticBuilder() {}

    public static void withName(String n) {
        name = n;
    }

    public static String create() {
        if (name == null) {
            throw new IllegalStateException("no name set");
        }
        String n = name;
        name = null;
        return n;
    }
}
