package contract;

/** A class of the library itself that its jar lacks (the runs' class path does not hold it). */
public final class Gone {
    private Gone() {}

    public static int value() {
        return 1;
    }
}
