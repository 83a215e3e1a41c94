package contract;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;

/**
 * Deserialization the bug detector reports: in a method that exists to deserialize the data it
 * is given (contract), and in one that deserializes on its own account (a bug).
 */
public final class Serial {
    private Serial() {}

    /** Contract: deserializes the bytes it is given. */
    public static Object deserialize(byte[] data) {
        return read(data);
    }

    /** A bug: loads settings by deserializing them. */
    public static Object load(byte[] settings) {
        return read(settings);
    }

    private static Object read(byte[] data) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(data))) {
            return in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            return null;
        } catch (RuntimeException e) {
            // Only the bug detector's report is of interest here, not what a random stream
            // makes ObjectInputStream throw.
            if (e.getClass().getName().startsWith("com.jvmfuzz.")) {
                throw e;
            }
            return null;
        }
    }
}
