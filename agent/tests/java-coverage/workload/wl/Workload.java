package wl;

import java.util.*;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Exercises a broad slice of java.util for the JDK-classes comparison with JaCoCo. */
public class Workload {
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        Random r = new Random(42);
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(r.nextInt(1000));
        }
        Collections.sort(list);
        Collections.shuffle(list, r);
        list.sort(Comparator.reverseOrder());
        LinkedList<Integer> linked = new LinkedList<>(list);
        linked.removeIf(x -> x % 3 == 0);
        ArrayDeque<Integer> dq = new ArrayDeque<>();
        for (int x : linked) {
            if (x % 2 == 0) {
                dq.addFirst(x);
            } else {
                dq.addLast(x);
            }
        }
        PriorityQueue<Integer> pq = new PriorityQueue<>(dq);
        while (pq.size() > n / 4) {
            pq.poll();
        }
        Map<Integer, Integer> hm = new HashMap<>();
        TreeMap<Integer, String> tm = new TreeMap<>();
        LinkedHashMap<String, Integer> lhm = new LinkedHashMap<>(16, 0.75f, true);
        ConcurrentHashMap<Integer, Long> chm = new ConcurrentHashMap<>();
        for (int x : list) {
            hm.merge(x % 17, 1, Integer::sum);
            tm.put(x, "v" + x);
            lhm.put("k" + (x % 50), x);
            chm.compute(x % 13, (k, v) -> v == null ? 1L : v + 1);
        }
        tm.headMap(500).clear();
        tm.descendingMap().firstEntry();
        tm.ceilingKey(600);
        tm.floorEntry(700);
        new TreeSet<>(hm.keySet()).subSet(3, 9);
        EnumMap<Thread.State, Integer> em = new EnumMap<>(Thread.State.class);
        em.put(Thread.State.NEW, 1);
        String joined = list.stream().filter(x -> x > 100).map(String::valueOf).collect(Collectors.joining(","));
        Map<Boolean, List<Integer>> parts = list.stream().collect(Collectors.partitioningBy(x -> x > 500));
        IntStream.range(0, n).boxed().collect(Collectors.groupingBy(x -> x % 7, TreeMap::new, Collectors.counting()));
        Optional<Integer> max = list.stream().max(Integer::compare);
        max.map(Function.identity()).orElse(0);
        BitSet bits = new BitSet();
        for (int x : list) {
            bits.set(x);
        }
        bits.nextClearBit(10);
        bits.cardinality();
        Pattern p = Pattern.compile("(\\d+)-(\\w+)|[a-f]{2,}?");
        Matcher m = p.matcher("12-ab 3-cd eeff 99-zz");
        while (m.find()) {
            m.group();
        }
        "a,b,,c".split(",");
        String.format("%5.2f %s %x %08d", 3.14159, "s", 255, 42);
        new Scanner("1 2 3 x").nextInt();
        UUID.nameUUIDFromBytes(joined.getBytes()).toString();
        Base64.getEncoder().encodeToString(joined.getBytes());
        Base64.getDecoder().decode(Base64.getEncoder().encode(new byte[] {1, 2, 3}));
        Arrays.sort(list.stream().mapToInt(Integer::intValue).toArray());
        Arrays.binarySearch(new int[] {1, 3, 5}, 3);
        Arrays.asList(3, 1, 2).hashCode();
        Objects.hash(1, "a", null);
        StringJoiner sj = new StringJoiner("-", "[", "]");
        sj.add("x").add("y");
        new StringTokenizer("a b c").countTokens();
        Properties props = new Properties();
        props.setProperty("a", "b");
        new Date(0).toString();
        Calendar.getInstance().get(Calendar.YEAR);
        new Hashtable<>(hm).contains(1);
        new Vector<>(list).subList(1, 5).clear();
        new IdentityHashMap<>(hm).size();
        new WeakHashMap<>(hm).size();
        Collections.unmodifiableList(list).iterator().next();
        Collections.synchronizedMap(hm).get(3);
        List.of(1, 2, 3).indexOf(2);
        Map.of("a", 1, "b", 2).containsKey("b");
        Set.copyOf(list).size();
        new Random(1).ints(5, 0, 10).sum();
        System.out.println(joined.length() + parts.size() + pq.size() + bits.length());
    }
}
