// CDL of org.json 20260814 (the newest release Maven Central serves here on 2026-11-30), found
// as a timeout by `fuzz --package org.json` (generated drivers: CDL.toJSONArray(String, char))
// and shrunk by hand. With the delimiter '\0' (the parameter documents no restriction),
// rowToJSONArray never returns, whatever the text ("" included): JSONTokener.next() answers 0
// at the end of the input, which the loop takes for the delimiter, so it appends one empty
// cell after another until the heap is full (OutOfMemoryError). A comma returns at once. Each
// attempt runs on a daemon thread and is reported as still running after 3 s, or as what it
// threw.
//   java -Xmx256m -cp json-20260814.jar CdlNulDelimiter.java
import org.json.CDL;

public class CdlNulDelimiter {
    static void attempt(String what, Runnable r) throws InterruptedException {
        Thread t = new Thread(() -> {
            try {
                r.run();
            } catch (Throwable e) {
                System.out.println(what + ": threw " + e);
            }
        });
        t.setDaemon(true);
        t.start();
        t.join(3000);
        if (t.isAlive()) {
            System.out.println(what + ": still running after 3 s");
        } else {
            System.out.println(what + ": ended");
        }
    }

    public static void main(String[] args) throws InterruptedException {
        attempt("toJSONArray(\"a,b\\n1,2\", ',')", () -> System.out.println(CDL.toJSONArray("a,b\n1,2", ',')));
        attempt("toJSONArray(\"a\", '\\0')", () -> CDL.toJSONArray("a", '\0'));
        attempt("toJSONArray(\"\", '\\0')", () -> CDL.toJSONArray("", '\0'));
    }
}
