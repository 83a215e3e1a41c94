// commons-codec's StringEncoderComparator throws a NullPointerException when its encoder
// encodes a value to null (DoubleMetaphone does so for "", and for a text with no letters):
// compare("", "") fails where compare("a", "b") returns a number (1.23.0, the newest release on
// 2026-11-27). Its Javadoc says only that an EncoderException makes it return 0. Found by
// `fuzz --package org.apache.commons.codec` (generated drivers, 2026-11-27):
//   javac -cp commons-codec-1.23.0.jar StringEncoderComparatorEmpty.java
//   java -cp commons-codec-1.23.0.jar:. StringEncoderComparatorEmpty
import org.apache.commons.codec.StringEncoderComparator;
import org.apache.commons.codec.language.DoubleMetaphone;

public class StringEncoderComparatorEmpty {
    public static void main(String[] args) {
        StringEncoderComparator byMetaphone = new StringEncoderComparator(new DoubleMetaphone());
        System.out.println("compare(\"a\", \"b\"): " + byMetaphone.compare("a", "b"));
        // NullPointerException: Cannot invoke "java.lang.Comparable.compareTo(Object)" because "s1" is null
        try {
            System.out.println(byMetaphone.compare("", ""));
        } catch (RuntimeException e) {
            System.out.println("compare(\"\", \"\"): " + e);
        }
    }
}
