package fuzz;

/** A Reader of the class path: a call typed as it is hooked where a hook names java.io.Reader. */
public class HookedReader extends java.io.Reader {
    public final String text;

    public HookedReader(String text) {
        this.text = text;
    }

    @Override
    public int read(char[] buf, int off, int len) {
        return -1;
    }

    @Override
    public void close() {
    }
}
