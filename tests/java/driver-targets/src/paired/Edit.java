package paired;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of a {@link Script}: the line at {@code position} becomes {@code line}
 * (java-diff-utils' Chunk, a position and its lines). A caller may build one anywhere.
 */
public final class Edit {
    /** No position: an edit not placed yet. */
    public static final int NONE = -1;

    final int position;
    final List<String> lines;

    public Edit(int position, List<String> lines) {
        this.position = position;
        this.lines = new ArrayList<>(lines);
    }

    /**
     * Contract: the line of {@code target} this edit is at. An edit past the end of the
     * target, or built at a negative position (-1 too: the caller gave it), does not
     * describe that target: the caller paired them (Chunk.verifyChunk given a list shorter
     * than its position).
     */
    public String at(List<String> target) {
        return target.get(position);
    }

    /**
     * Contract: the lines of {@code target} this edit replaces. An edit whose lines run past
     * the target's end (two lines at the last position) does not describe that target
     * (DiffRowGenerator taking subList(position, position + size) of an original the patch was
     * not made from).
     */
    public List<String> replaced(List<String> target) {
        if (position == NONE || position > Integer.MAX_VALUE - lines.size()) {
            return null;
        }
        return target.subList(position, position + lines.size());
    }
}
