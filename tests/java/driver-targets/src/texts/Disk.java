package texts;

/** Template's own file access. */
final class Disk {
    private Disk() {}

    static boolean open(String name) {
        return new java.io.File(name).exists();
    }
}
