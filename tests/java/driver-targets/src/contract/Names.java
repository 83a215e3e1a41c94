package contract;

/**
 * The same index fault on an empty name: the contract of a method whose Javadoc says its input
 * is not checked, a bug in one that says nothing of the kind.
 */
public final class Names {
    private Names() {}

    /**
     * The name without an array's leading bracket. The string passed in is assumed to be a
     * class name - it is not checked.
     */
    public static String shortName(String className) {
        return className.charAt(0) == '[' ? className.substring(1) : className;
    }

    /** The name without an array's leading bracket. */
    public static String simpleName(String className) {
        return className.charAt(0) == '[' ? className.substring(1) : className;
    }
}
