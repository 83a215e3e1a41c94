package contract;

/** A state check of its own: pass() before open() is refused (contract). */
public final class Gate {
    private boolean open;

    public void open() {
        open = true;
    }

    public int pass(int n) {
        if (!open) {
            throw new IllegalStateException("closed");
        }
        return n + 1;
    }

    /** Bug: the JDK's iterator refuses a second remove(); the state is this method's own. */
    public int drop(java.util.List<String> names) {
        java.util.Iterator<String> it = new java.util.ArrayList<>(names).iterator();
        if (!open || names.isEmpty()) {
            return 0;
        }
        it.next();
        it.remove();
        it.remove();
        return 1;
    }
}
