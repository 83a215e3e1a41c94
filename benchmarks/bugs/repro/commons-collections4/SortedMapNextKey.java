// commons-collections4's OrderedMap.nextKey on a sorted map: a key at or past the last entry
// throws NoSuchElementException where the Javadoc promises null ("null if no match or at end"),
// and a key not in the map skips its real successor (4.6.0, the newest release on
// 2026-11-27; fixed on master by apache/commons-collections#728, not yet released). Found by
// `fuzz --package org.apache.commons.collections4` (generated drivers, 2026-11-27):
//   javac -cp commons-collections4-4.6.0.jar SortedMapNextKey.java
//   java -cp commons-collections4-4.6.0.jar:. SortedMapNextKey
import java.util.TreeMap;
import org.apache.commons.collections4.bidimap.DualTreeBidiMap;
import org.apache.commons.collections4.map.FixedSizeSortedMap;

public class SortedMapNextKey {
    public static void main(String[] args) {
        TreeMap<String, String> one = new TreeMap<>();
        one.put("b", "1");
        DualTreeBidiMap<String, String> bidi = new DualTreeBidiMap<>(one);
        System.out.println("nextKey(\"b\") at the end: " + bidi.nextKey("b"));
        try {
            System.out.println(bidi.nextKey("c"));
        } catch (RuntimeException e) {
            System.out.println("DualTreeBidiMap.nextKey(\"c\"): " + e);
        }
        FixedSizeSortedMap<String, String> fixed = FixedSizeSortedMap.fixedSizeSortedMap(new TreeMap<>(one));
        try {
            System.out.println(fixed.nextKey("c"));
        } catch (RuntimeException e) {
            System.out.println("FixedSizeSortedMap.nextKey(\"c\"): " + e);
        }
    }
}
