package fuzz;

import com.code_intelligence.jazzer.api.FuzzerSecurityIssueHigh;
import com.code_intelligence.jazzer.api.Jazzer;

/** Jazzer.reportFindingFromHook reports even when the target swallows what it throws. */
public class ApiHookFinding {
    public static void fuzzerTestOneInput(byte[] data) {
        try {
            if (data.length > 1 && data[0] == 'H') {
                Jazzer.reportFindingFromHook(new FuzzerSecurityIssueHigh("reported from a hook"));
            }
        } catch (Throwable swallowed) {
            // A target that catches everything must not hide the finding.
        }
    }
}
