// Two WordUtils.wrap failures of commons-text 1.15.0 (the newest release on 2026-11-25), found by
// `fuzz --class org.apache.commons.text.WordUtils` (generated drivers) and shrunk by hand:
//   javac -cp commons-text-1.15.0.jar:commons-lang3-3.18.0.jar WordUtilsWrap.java
//   java -cp commons-text-1.15.0.jar:commons-lang3-3.18.0.jar:. WordUtilsWrap
import org.apache.commons.text.WordUtils;

public class WordUtilsWrap {
    static void attempt(String call, Runnable r) {
        try {
            r.run();
            System.out.println(call + ": returned");
        } catch (RuntimeException e) {
            System.out.println(call + ": " + e);
        }
    }

    public static void main(String[] args) {
        // offset + wrapLength overflows: StringIndexOutOfBoundsException (begin 1, end -2147483647).
        attempt("wrap(\" ab\", Integer.MAX_VALUE, \"\\n\", false)",
                () -> WordUtils.wrap(" ab", Integer.MAX_VALUE, "\n", false));
        // A wrapOn pattern that matches the empty string: IndexOutOfBoundsException (start 5, end 4).
        attempt("wrap(\"aaaa\", 2, \"\\n\", true, \"x*\")", () -> WordUtils.wrap("aaaa", 2, "\n", true, "x*"));
    }
}
