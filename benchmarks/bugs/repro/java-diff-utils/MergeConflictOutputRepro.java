import com.github.difflib.DiffUtils;
import com.github.difflib.patch.Patch;
import java.util.*;

/** Patch.CONFLICT_PRODUCES_MERGE_CONFLICT is the library's git-like conflict handler, i.e. it exists for targets
 *  the patch does not fit. When the conflicting chunk starts inside the target but runs past its end
 *  (VerifyChunk.POSITION_OUT_OF_TARGET), the handler's loop result.get(position)/result.remove(position)
 *  runs past the end of the list -> IndexOutOfBoundsException instead of conflict markers. */
public class MergeConflictOutputRepro {
    public static void main(String[] args) throws Exception {
        List<String> original = Arrays.asList("a", "b", "c");
        List<String> revised  = Arrays.asList("a", "B", "C");
        Patch<String> patch = DiffUtils.diff(original, revised);
        patch.withConflictOutput(Patch.CONFLICT_PRODUCES_MERGE_CONFLICT);
        System.out.println("patch: " + patch);
        // content mismatch inside bounds: conflict markers are produced as designed
        System.out.println("conflict inside bounds: " + patch.applyTo(Arrays.asList("a", "b", "X")));
        // the target was since truncated after line 2: the chunk [b, c] at position 1 runs past the end
        System.out.println("conflict past the end:");
        System.out.println(patch.applyTo(Arrays.asList("a", "b")));   // IndexOutOfBoundsException: Index 1 out of bounds for length 1
    }
}
