package drv;

/** A string switch: one case is a bug. */
public final class Commands {
    private Commands() {}

    public static int run(String command) {
        switch (command) {
            case "start":
                return 1;
            case "stop":
                return 2;
            case "self-destruct":
                throw new IllegalStateException("self-destruct reached");
            default:
                return 0;
        }
    }
}
