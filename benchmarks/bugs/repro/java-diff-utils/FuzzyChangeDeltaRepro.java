import com.github.difflib.DiffUtils;
import com.github.difflib.patch.Patch;
import java.util.*;

/** Patch.applyFuzzy: a ChangeDelta whose target is shorter than 2*fuzz makes
 *  ChangeDelta.applyFuzzyToAt call getTarget().getLines().subList(fuzz, size - fuzz)
 *  with fromIndex > toIndex -> IllegalArgumentException, on an ordinary patch from
 *  DiffUtils.diff applied (fuzzily, which is the point of applyFuzzy) to a slightly edited text. */
public class FuzzyChangeDeltaRepro {
    public static void main(String[] args) throws Exception {
        List<String> original = Arrays.asList("x", "y", "z");
        List<String> revised  = Arrays.asList("w");
        Patch<String> patch = DiffUtils.diff(original, revised);
        System.out.println("patch: " + patch);
        System.out.println("exact apply to original: " + patch.applyTo(original));
        System.out.println("fuzzy apply to original: " + patch.applyFuzzy(original, 1));
        // the text has since been edited at the first and last line of the hunk
        List<String> edited = Arrays.asList("X", "y", "Z");
        System.out.println("fuzzy apply to edited text, maxFuzz=1:");
        System.out.println(patch.applyFuzzy(edited, 1));   // throws IllegalArgumentException: fromIndex(1) > toIndex(0)
    }
}
