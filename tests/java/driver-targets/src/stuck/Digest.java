package stuck;

/**
 * A run that stays inside the JDK's security provider past its limit: SHA3-512 over up to
 * 512 MB in one call (about 4 s), so the watchdog must force its stop into that code, whose
 * state it may break for later runs; the fuzzer then restarts the JVM.
 */
public final class Digest {
    private Digest() {}

    /** The first byte of the SHA3-512 digest of n zero bytes (n up to 2^29). */
    public static byte first(int n) throws java.security.NoSuchAlgorithmException {
        int k = Math.max(0, Math.min(n, 1 << 29));
        return java.security.MessageDigest.getInstance("SHA3-512").digest(new byte[k])[0];
    }
}
