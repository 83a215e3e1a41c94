package stuck;

/**
 * A run that stays inside the JDK's code past its limit: BigInteger multiplying numbers of
 * millions of bits (no frame of this class on top while it works), so the watchdog must force
 * its stop into JDK code; but numbers are the run's own values, so the JVM goes on.
 */
public final class Power {
    private Power() {}

    /** The bits of 3^n: under a millisecond for small n, seconds from 2^24, a minute at 2^28. */
    public static int bits(int n) {
        int k = Math.max(0, Math.min(n, 1 << 28));
        return java.math.BigInteger.valueOf(3).pow(k).bitLength();
    }
}
