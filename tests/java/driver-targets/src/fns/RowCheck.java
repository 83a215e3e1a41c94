package fns;

import java.util.function.Function;

/**
 * A check given as a Function<String[], Boolean>, called and its answer unboxed: a driver that
 * passes Function.identity() makes the library cast the row to Boolean (a ClassCastException
 * that is the driver's doing). Planted bug: a three-field row the check accepts.
 */
public final class RowCheck {
    private final Function<String[], Boolean> test;

    public RowCheck(Function<String[], Boolean> test) {
        this.test = test;
    }

    public boolean accepts(String[] row) {
        boolean ok = test.apply(row);
        String mark = ok && row.length == 3 ? null : "checked";
        return mark.length() > 0 && ok;
    }
}
