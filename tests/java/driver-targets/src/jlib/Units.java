package jlib;

import java.util.List;

/**
 * Units of time by name (joda-time's duration fields): the unit of an era refuses every add by
 * design; beside it, a list the library made unmodifiable and then adds to, a bug.
 */
public final class Units {
    private Units() {}

    /** A unit that moves an instant. */
    public interface Unit {
        long add(long instant, int amount);
    }

    static final class Millis implements Unit {
        private final long size;

        Millis(long size) {
            this.size = size;
        }

        @Override
        public long add(long instant, int amount) {
            return instant + amount * size;
        }
    }

    /** What has no duration (an era): every add is refused. */
    static final class UnsupportedUnit implements Unit {
        @Override
        public long add(long instant, int amount) {
            throw unsupported();
        }

        private UnsupportedOperationException unsupported() {
            return new UnsupportedOperationException("eras have no duration");
        }
    }

    private static Unit unitOf(String name) {
        switch (name) {
            case "second":
                return new Millis(1000);
            case "minute":
                return new Millis(60_000);
            default:
                return new UnsupportedUnit();
        }
    }

    /** Contract: any unit but a second or a minute is an era's, which cannot be added to. */
    public static long plus(String unit, long instant, int amount) {
        if (amount == 0) {
            return instant;
        }
        return unitOf(unit).add(instant, amount);
    }

    /** Bug: an extra name goes into a list the method made unmodifiable. */
    public static List<String> names(String extra) {
        List<String> names = List.of("second", "minute");
        if (!extra.isEmpty()) {
            names.add(extra);
        }
        return names;
    }
}
