// TextStringBuilder.midString of commons-text 1.15.0 (the newest release on 2026-11-26), whose
// Javadoc says it "extracts some characters from the middle of the string builder without
// throwing an exception" and that "as much as possible is returned" when the length asks for
// more: index + length overflows for lengths near Integer.MAX_VALUE, and it throws
// StringIndexOutOfBoundsException. The deprecated StrBuilder.midString does the same. Found by
// `fuzz --package org.apache.commons.text` (generated drivers, 2026-11-26).
//   javac -cp commons-text-1.15.0.jar:commons-lang3-3.22.0.jar MidStringOverflow.java
//   java -cp commons-text-1.15.0.jar:commons-lang3-3.22.0.jar:. MidStringOverflow
import org.apache.commons.text.TextStringBuilder;

public class MidStringOverflow {
    public static void main(String[] args) {
        TextStringBuilder b = new TextStringBuilder("hello");
        for (int length : new int[] {1000, Integer.MAX_VALUE - 1, Integer.MAX_VALUE}) {
            try {
                System.out.println("midString(1, " + length + "): " + b.midString(1, length));
            } catch (RuntimeException e) {
                System.out.println("midString(1, " + length + "): " + e);
            }
        }
    }
}
