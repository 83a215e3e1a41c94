package paired;

import java.util.ArrayList;
import java.util.List;

/**
 * The edits that turn one list of lines into another (java-diff-utils' Patch): made from two
 * lists, applied to a third that the caller says is the first.
 */
public final class Script {
    private final List<Edit> edits = new ArrayList<>();
    /* The position of the last edit; Edit.NONE while there is none (the library's mark). */
    private int lastPosition = Edit.NONE;

    private Script() {}

    /** The script that turns {@code from} into {@code to}: one edit per line that differs. */
    public static Script between(List<String> from, List<String> to) {
        Script s = new Script();
        for (int i = 0; i < Math.min(from.size(), to.size()); i++) {
            if (!from.get(i).equals(to.get(i))) {
                s.edits.add(new Edit(i, List.of(to.get(i))));
                s.lastPosition = i;
            }
        }
        return s;
    }

    /**
     * Contract: applied to a list that is not the one the script was made from, its edits
     * may lie past that list's end (Patch.restore of a patch made from other lists).
     */
    public List<String> apply(List<String> target) {
        List<String> out = new ArrayList<>(target);
        for (Edit e : edits) {
            out.set(e.position, e.lines.get(0));
        }
        return out;
    }

    /** Bug: the target's line at the last edit, read at the library's own mark when there is none. */
    public String lastEdited(List<String> target) {
        return target.get(lastPosition);
    }

    /**
     * Bug: squashes the target's first line away, then reads the edits' lines from what is
     * left, one short (Patch's merge-conflict output reading past its own shrunk copy).
     */
    public List<String> squash(List<String> target) {
        List<String> out = new ArrayList<>(target);
        if (out.isEmpty() || edits.isEmpty()) {
            return out;
        }
        out.remove(0);
        List<String> seen = new ArrayList<>();
        for (Edit e : edits) {
            seen.add(out.get(e.position));
        }
        return seen;
    }
}
