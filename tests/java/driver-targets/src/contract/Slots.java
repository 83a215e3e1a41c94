package contract;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Buffer slots named by constants 0..3 (jackson-core's BufferRecycler.releaseCharBuffer):
 * the slot number is checked with Objects.checkIndex, on purpose. An index the method
 * computed, past the end of its list or checked the same way, is a bug.
 */
public final class Slots {
    private static final List<String> NAMES = Arrays.asList("read", "write", "concat", "name");
    private final char[][] slots = new char[4][];

    /** Contract: slot must be 0..3. */
    public void release(int slot, char[] buffer) {
        slots[checked(slot)] = buffer;
    }

    private static int checked(int slot) {
        return Objects.checkIndex(slot, 4);
    }

    /** Bug: the slot after this one, checked on its way in, past the last. */
    public int nextSlot(int slot) {
        int next = Objects.checkIndex((slot & 3) + 1, 4);
        return slots[next] == null ? next : -next;
    }

    /** Bug: the name of the slot after this one, past the last. */
    public static String following(int slot) {
        return new ArrayList<>(NAMES).get((slot & 3) + 1);
    }
}
