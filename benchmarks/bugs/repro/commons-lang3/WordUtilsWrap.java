// The deprecated text.WordUtils of commons-lang3 3.22.0 (the newest release on 2026-11-27) has
// commons-text's WordUtils.wrap overflow; found by `fuzz --package org.apache.commons.lang3`
// (generated drivers, 2026-11-27) and shrunk by hand:
//   javac -cp commons-lang3-3.22.0.jar WordUtilsWrap.java
//   java -cp commons-lang3-3.22.0.jar:. WordUtilsWrap
import org.apache.commons.lang3.text.WordUtils;

public class WordUtilsWrap {
    @SuppressWarnings("deprecation")
    public static void main(String[] args) {
        // offset + wrapLength overflows: StringIndexOutOfBoundsException (begin 1, end -2147483647).
        try {
            System.out.println(WordUtils.wrap(" a b", Integer.MAX_VALUE));
        } catch (RuntimeException e) {
            System.out.println("wrap(\" a b\", Integer.MAX_VALUE): " + e);
        }
    }
}
