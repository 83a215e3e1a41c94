// HelpFormatter of commons-cli 1.11.0 (the newest release Maven Central serves here on
// 2026-11-30), found as a timeout by `fuzz --package org.apache.commons.cli` (generated drivers:
// HelpFormatter.printOptions) and shrunk by hand. With a width of 1 (positive: only widths of 0
// or less are refused), appendWrappedText never returns for an option whose text needs a second
// line: each later line is the one-space padding plus the rest, findWrapPos cuts it after the
// padding, and trimming the remainder rebuilds the same line, forever (the loop's
// "stops infinite loop happening" guard does not cover a padding of 1); the output grows with
// empty lines until the heap is full (OutOfMemoryError). Each attempt runs on a daemon thread
// and is reported as still running after 3 s.
//   java -cp commons-cli-1.11.0.jar HelpFormatterWidthOne.java
import java.io.PrintWriter;
import java.io.StringWriter;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Options;

public class HelpFormatterWidthOne {
    static void attempt(String what, Runnable r) throws InterruptedException {
        Thread t = new Thread(r);
        t.setDaemon(true);
        t.start();
        t.join(3000);
        System.out.println(what + ": " + (t.isAlive() ? "still running after 3 s" : "returned"));
    }

    public static void main(String[] args) throws InterruptedException {
        Options options = new Options().addOption("a", "alpha", false, "the first letter");
        attempt("printOptions(width 2)", () -> new HelpFormatter().printOptions(new PrintWriter(new StringWriter()), 2, options, 1, 3));
        attempt("printOptions(width 1)", () -> new HelpFormatter().printOptions(new PrintWriter(new StringWriter()), 1, options, 1, 3));
        attempt("setWidth(1), printHelp", () -> {
            HelpFormatter f = new HelpFormatter();
            f.setWidth(1);
            f.printHelp(new PrintWriter(new StringWriter()), 1, "app", null, options, 1, 3, null);
        });
    }
}
