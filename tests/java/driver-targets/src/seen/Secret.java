package seen;

/**
 * A method whose bug needs a string no constant of the class holds (it is built at run time):
 * generated drivers get it from the comparison values observed while fuzzing, and the
 * finding must replay in a fresh JVM, which has observed nothing yet.
 */
public final class Secret {
    private static final String KEY = new StringBuilder("emases-nepo").reverse().toString();

    private Secret() {}

    public static void unlock(String word, int attempts) {
        if (attempts > 0 && KEY.equals(word)) {
            throw new IllegalStateException("unlocked after " + attempts + " attempts");
        }
    }
}
