package jvmfuzz.drive;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Executes a spread of Kotlin-stdlib 1.3 and Scala-library 2.11 code from Java (both are class
 * file version 50/51: the old-verifier fallback and StackMapTable paths) and prints the results,
 * so a run under the agent can be compared with a run without it.
 * Usage: StdlibDriver kotlin|scala
 */
@SuppressWarnings({"unchecked", "rawtypes"})
public final class StdlibDriver {
    private StdlibDriver() {}

    public static void main(String[] args) {
        for (String a : args) {
            if (a.equals("kotlin")) kotlin();
            else if (a.equals("scala")) scala();
            else throw new IllegalArgumentException(a);
        }
    }

    static void kotlin() {
        List<Integer> nums = new ArrayList<>();
        for (int i = 0; i < 200; i++) nums.add((i * 7919) % 211 - 100);
        System.out.println("k.sorted " + kotlin.collections.CollectionsKt.sorted(nums).subList(0, 10));
        System.out.println("k.distinct " + kotlin.collections.CollectionsKt.distinct(nums).size());
        System.out.println("k.reversed " + kotlin.text.StringsKt.reversed("hello, world"));
        System.out.println("k.toIntOrNull " + kotlin.text.StringsKt.toIntOrNull("123") + " " + kotlin.text.StringsKt.toIntOrNull("12x"));
        System.out.println("k.split " + kotlin.text.StringsKt.split("a,b,,c", new String[] {","}, false, 0));
        System.out.println("k.padStart " + kotlin.text.StringsKt.padStart("7", 4, '0'));
        System.out.println("k.chunked " + kotlin.collections.CollectionsKt.chunked(nums.subList(0, 10), 3));
        System.out.println("k.windowed " + kotlin.collections.CollectionsKt.windowed(nums.subList(0, 6), 3, 2, true).size());
        System.out.println("k.sum " + kotlin.collections.ArraysKt.sum(new int[] {1, 2, 3, 4}));
        System.out.println("k.regex " + new kotlin.text.Regex("[a-z]+([0-9]+)").replace("abc123 de45 f", "<$1>"));
        System.out.println("k.trimIndent " + kotlin.text.StringsKt.trimIndent("\n    a\n      b\n    c\n").replace('\n', '|'));
        System.out.println("k.zip " + kotlin.collections.CollectionsKt.zip(Arrays.asList(1, 2, 3), Arrays.asList("x", "y")));
        System.out.println("k.joinToString " + kotlin.collections.CollectionsKt.joinToString(nums.subList(0, 5), "-", "[", "]", 3, "...", null));
        kotlin.ranges.IntRange r = new kotlin.ranges.IntRange(3, 30);
        System.out.println("k.range " + r.contains(17) + " " + kotlin.ranges.RangesKt.coerceIn(50, 3, 30));
        System.out.println("k.lazy " + kotlin.LazyKt.lazy(() -> "computed").getValue());
    }

    static void scala() {
        int[] arr = new int[300];
        for (int i = 0; i < arr.length; i++) arr[i] = (i * 7919) % 307 - 150;
        scala.util.Sorting.quickSort(arr);
        System.out.println("s.quickSort " + arr[0] + " " + arr[150] + " " + arr[299]);
        scala.math.BigInt b = scala.math.BigInt.apply("123456789012345678901234567890");
        System.out.println("s.bigint " + b.pow(3).mod(scala.math.BigInt.apply(1000000007)));
        scala.collection.mutable.HashMap m = new scala.collection.mutable.HashMap();
        for (int i = 0; i < 100; i++) m.put("k" + (i % 37), i);
        System.out.println("s.hashmap " + m.size() + " " + m.get("k5"));
        scala.collection.mutable.ArrayBuffer buf = new scala.collection.mutable.ArrayBuffer();
        for (int i = 0; i < 50; i++) buf.$plus$eq(Integer.valueOf(i * i % 17));
        System.out.println("s.buffer " + buf.length() + " " + buf.mkString(","));
        scala.collection.immutable.List l = buf.toList();
        System.out.println("s.list " + l.reverse().take(5) + " " + ((scala.collection.immutable.List) l.distinct()).size());
        scala.collection.immutable.VectorBuilder vb = new scala.collection.immutable.VectorBuilder();
        for (int i = 0; i < 2000; i++) vb.$plus$eq(Integer.valueOf(i));
        scala.collection.immutable.Vector v = vb.result();
        System.out.println("s.vector " + v.length() + " " + v.apply(1234) + " " + v.drop(1990).mkString("/"));
        scala.util.matching.Regex re = new scala.util.matching.Regex("([a-z]+)([0-9]+)", scala.collection.immutable.List$.MODULE$.empty());
        System.out.println("s.regex " + re.findAllIn("abc123 de45 f").toList());
        scala.collection.immutable.StringOps so = new scala.collection.immutable.StringOps("  Hello Scala  ");
        System.out.println("s.stringops " + so.stripPrefix("  ").toUpperCase() + "|" + new scala.collection.immutable.StringOps("x").$times(3));
        scala.collection.immutable.TreeMap tm = scala.collection.immutable.TreeMap$.MODULE$.empty(scala.math.Ordering.String$.MODULE$);
        for (int i = 0; i < 40; i++) tm = tm.updated("key" + (i * 13 % 40), Integer.valueOf(i));
        System.out.println("s.treemap " + tm.size() + " " + tm.firstKey() + " " + tm.lastKey());
        scala.Option o = scala.Option.apply(null);
        System.out.println("s.option " + o.isEmpty() + " " + scala.Option.apply("x").isDefined());
    }
}
