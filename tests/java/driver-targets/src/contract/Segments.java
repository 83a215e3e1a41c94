package contract;

/**
 * A text buffer in the manner of jackson-core's TextBuffer, whose segment a method sets up and
 * whose helpers take what it hands them, with an Object slot the caller fills as
 * commons-math3's BSPTree has its attribute: a null the object hands on before its set-up is
 * the caller's, a null of the method's own making is its bug.
 */
public final class Segments {
    private char[] segment;
    private Object attribute;
    private Segments next;

    public Segments() {}

    /** Sets the segment up. */
    public void reset(char[] initial) {
        segment = initial.clone();
    }

    public void setAttribute(Object attribute) {
        this.attribute = attribute;
    }

    public Object getAttribute() {
        return attribute;
    }

    public void link(Segments next) {
        this.next = next;
    }

    public Segments getNext() {
        return next;
    }

    public int size() {
        return segment == null ? 0 : segment.length;
    }

    /** Contract before reset: the helper is handed the null segment. */
    public int digits() {
        return countDigits(segment);
    }

    private static int countDigits(char[] cs) {
        int n = 0;
        for (char c : cs) {
            if (Character.isDigit(c)) {
                n++;
            }
        }
        return n;
    }

    /** Contract before setAttribute: a slot the caller fills, unboxed as the Boolean it must be. */
    public int inside() {
        Object a = getAttribute();
        if (a != null && !(a instanceof Boolean)) {
            return -1;
        }
        return ((Boolean) getAttribute()) ? 1 : 0;
    }

    /**
     * Contract: the attribute must be a Boolean (a NullPointerException before setAttribute; a
     * ClassCastException of the String the caller stored).
     */
    public boolean flag() {
        return (Boolean) attribute;
    }

    /** Bug: casts a text of its own making. */
    public String summary() {
        Object o = new StringBuilder("segments");
        return (String) o;
    }

    /** Bug: an empty text has no words, and the null it makes for them is read. */
    public int firstWordLength(String text) {
        String[] words = text.isEmpty() ? null : text.split(" ", -1);
        return words[0].length();
    }

    /** Bug: a typed getter's null (no next segment) is the method's to check. */
    public int nextSize() {
        return getNext().size();
    }
}
