package contract;

/**
 * A deprecated constructor kept beside the current one, whose objects are of no use
 * (commons-codec's `new DigestUtils()`): objects are built the current way.
 */
public final class Digest {
    private final java.security.MessageDigest md;

    /**
     * Kept for binary compatibility: its objects digest nothing.
     *
     * @deprecated use {@link #Digest(int)}
     */
    @Deprecated
    public Digest() {
        md = null;
    }

    public Digest(int rounds) throws java.security.NoSuchAlgorithmException {
        md = java.security.MessageDigest.getInstance(rounds > 1 ? "SHA-256" : "SHA-1");
    }

    /** Throws a NullPointerException only on an object of the deprecated constructor. */
    public byte[] digest(byte[] data) {
        return md.digest(data);
    }
}
