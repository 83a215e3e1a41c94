package contract;

import java.util.function.Supplier;

/**
 * A Supplier of Integers: the only Supplier drivers of package contract can build, so the one
 * they hand to Rules.measure(Supplier<String>) when they follow its erased signature.
 */
public final class Counter implements Supplier<Integer> {
    private int n;

    @Override
    public Integer get() {
        return n++;
    }
}
