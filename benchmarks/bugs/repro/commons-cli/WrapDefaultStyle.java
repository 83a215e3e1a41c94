// TextHelpAppendable.printWrapped of commons-cli 1.11.0 (the newest release Maven Central serves
// here on 2026-11-30), found by `fuzz --package org.apache.commons.cli` (generated drivers) and
// shrunk by hand. The library's own TextStyle.DEFAULT has maxWidth UNSET_MAX_WIDTH,
// Integer.MAX_VALUE; wrapping text of more than one line with it throws, because indexOfWrap
// computes startPos + width, which overflows for every line after the first. The public static
// indexOfWrap fails the same way on its own.
//   java -cp commons-cli-1.11.0.jar WrapDefaultStyle.java
import org.apache.commons.cli.help.TextHelpAppendable;
import org.apache.commons.cli.help.TextStyle;

public class WrapDefaultStyle {
    static void attempt(String text) throws java.io.IOException {
        StringBuilder out = new StringBuilder();
        try {
            new TextHelpAppendable(out).printWrapped(text, TextStyle.DEFAULT);
            System.out.println("printWrapped(\"" + text.replace("\n", "\\n") + "\"): " + out.toString().replace("\n", "\\n"));
        } catch (RuntimeException e) {
            System.out.println("printWrapped(\"" + text.replace("\n", "\\n") + "\"): " + e);
        }
    }

    public static void main(String[] args) throws java.io.IOException {
        attempt("one two");  // one line: printed
        attempt("one\ntwo"); // two lines: StringIndexOutOfBoundsException: begin 4, end -2147483646
        System.out.println("indexOfWrap(\"one\\ntwo\", MAX_VALUE, 4) = "
                + TextHelpAppendable.indexOfWrap("one\ntwo", Integer.MAX_VALUE, 4)); // -2147483646
    }
}
