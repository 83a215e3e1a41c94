package jlib;

/** Divisions (each with a branch: a method with none is not driven): by the caller's zero (joda-time's Duration.dividedBy(0)), by one of the library's own. */
public final class Ratios {
    private Ratios() {}

    /** Contract: a share of a total in the parts the caller asked for; 0 parts is the caller's zero. */
    public static long share(long total, int parts) {
        if (parts == 1) {
            return total;
        }
        return total / parts;
    }

    /** A unit of a number of milliseconds (joda-time's PreciseDurationField). */
    public static final class Unit {
        private final long millis;

        public Unit(long millis) {
            this.millis = millis;
        }

        /** Contract: how many units a second holds; a unit of 0 ms is the caller's configuration. */
        public long perSecond() {
            if (millis == 1000) {
                return 1;
            }
            return 1000L / millis;
        }
    }

    /** Bug: the mean of no values divides by the empty array's length. */
    public static int mean(int[] values) {
        int sum = 0;
        for (int v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /** Bug: a range of Integer.MIN_VALUE to MAX_VALUE overflows to 0 (joda-time's FieldUtils.getWrappedValue). */
    public static int wrap(int value, int min, int max) {
        if (min >= max) {
            throw new IllegalArgumentException("min >= max");
        }
        int range = max - min + 1;
        int r = (value - min) % range;
        return r < 0 ? r + range + min : r + min;
    }
}
