// commons-collections4's CollectionUtils.removeCount(input, startIndex, count): startIndex +
// count overflows, so its documented IndexOutOfBoundsException check passes and the removal
// loop then throws NoSuchElementException (4.6.0, the newest release on 2026-11-27). Found by
// `fuzz --package org.apache.commons.collections4` (generated drivers, 2026-11-27):
//   javac -cp commons-collections4-4.6.0.jar RemoveCountOverflow.java
//   java -cp commons-collections4-4.6.0.jar:. RemoveCountOverflow
import java.util.ArrayList;
import org.apache.commons.collections4.CollectionUtils;

public class RemoveCountOverflow {
    public static void main(String[] args) {
        try {
            CollectionUtils.removeCount(new ArrayList<>(), 5, 1);
        } catch (RuntimeException e) {
            System.out.println("removeCount(empty, 5, 1): " + e);
        }
        // NoSuchElementException instead
        try {
            CollectionUtils.removeCount(new ArrayList<>(), 2146538112, 945536);
        } catch (RuntimeException e) {
            System.out.println("removeCount(empty, 2146538112, 945536): " + e);
        }
    }
}
