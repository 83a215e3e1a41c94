package contract;

/** A key handed straight to javax.crypto, which is the JDK's too (commons-codec's HmacUtils). */
public final class Keys {
    private Keys() {}

    /** Contract: SecretKeySpec refuses an empty key. */
    public static String algorithmOf(byte[] key) {
        return new javax.crypto.spec.SecretKeySpec(key, "HmacSHA256").getAlgorithm();
    }
}
