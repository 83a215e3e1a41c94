import org.apache.commons.compress.archivers.ArchiveEntry;
import org.apache.commons.compress.changes.ChangeSet;

public class ChangeSetDeleteDir {
    public static void main(String[] args) {
        // ChangeSet.deleteDir / delete take a plain directory/file name, but addDeletion
        // compiles it unquoted as a regular expression: Pattern.compile(name + "/.*")
        ChangeSet<ArchiveEntry> cs = new ChangeSet<>();
        try {
            cs.delete("report[1.txt");
            System.out.println("delete ok");
        } catch (RuntimeException e) {
            System.out.println("delete(\"report[1.txt\"): " + e);
            StackTraceElement[] st = e.getStackTrace();
            for (StackTraceElement s : st) if (s.getClassName().startsWith("org.apache")) { System.out.println("  top library frame: " + s); break; }
        }
        cs.deleteDir("+dir");
    }
}
