import com.github.difflib.unifieddiff.UnifiedDiffReader;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

/** UnifiedDiffReader.parseUnifiedDiff(InputStream) declares UnifiedDiffParserException for input it cannot parse,
 *  but several small malformed diffs crash it with raw runtime exceptions instead. */
public class UnifiedDiffReaderRobustnessRepro {
    static void parse(String what, String diff) {
        try {
            System.out.println(what + " -> parsed: " + UnifiedDiffReader.parseUnifiedDiff(
                    new ByteArrayInputStream(diff.getBytes(StandardCharsets.UTF_8))).getFiles().size() + " file(s)");
        } catch (Throwable t) {
            StackTraceElement top = t.getStackTrace()[0];
            for (StackTraceElement e : t.getStackTrace()) { if (e.getClassName().startsWith("com.github.difflib")) { top = e; break; } }
            System.out.println(what + " -> " + t + "\n      at " + top);
        }
    }
    public static void main(String[] args) {
        // control: a well-formed diff parses
        parse("well-formed", "--- a/f.txt\n+++ b/f.txt\n@@ -1,1 +1,1 @@\n-old\n+new\n");
        // 1. a hunk without a ---/+++ file header: NPE in finalizeChunk (actualFile is null)
        parse("hunk without file header", "@@ -1,1 +1,1 @@\n-old\n+new\n");
        // 2. a 'diff' command line with fewer than 4 words: ArrayIndexOutOfBoundsException in parseFileNames
        parse("short diff command line", "diff f.txt\n--- a/f.txt\n+++ b/f.txt\n@@ -1,1 +1,1 @@\n-old\n+new\n");
        // 3. '+++' followed by a TAB (matched by the reader's own ^\+\+\+\s rule): StringIndexOutOfBoundsException in extractFileName
        parse("+++<TAB>name", "--- a/f.txt\n+++\tb/f.txt\n@@ -1,1 +1,1 @@\n-old\n+new\n");
        // 4. a hunk line number beyond int range: NumberFormatException in toInteger
        parse("huge hunk line number", "--- a/f.txt\n+++ b/f.txt\n@@ -6333333333333,1 +1,1 @@\n-old\n+new\n");
        // for comparison: other malformed input is reported as designed
        parse("garbage data line", "--- a/f.txt\n+++ b/f.txt\n@@ -1,2 +1,2 @@\n-old\n#junk\n");
    }
}
