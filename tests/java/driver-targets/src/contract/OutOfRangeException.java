package contract;

/** The library's report of an index outside its values (commons-math3's OutOfRangeException). */
public class OutOfRangeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public OutOfRangeException(int index) {
        super("index " + index + " out of range");
    }
}
