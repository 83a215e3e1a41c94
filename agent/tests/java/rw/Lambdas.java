package rw;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;

public class Lambdas {
    static String run(List<Integer> xs, int bound) {
        IntPredicate big = v -> v > bound;
        Function<Integer, String> f = v -> {
            if (big.test(v)) {
                return "B" + v;
            } else if (v % 2 == 0) {
                return "e" + v;
            }
            return "o" + v;
        };
        Supplier<String> s = () -> xs.isEmpty() ? "empty" : xs.stream().map(f).collect(Collectors.joining(","));
        return s.get() + "|" + xs.stream().filter(v -> v != null && v > 1).mapToInt(Integer::intValue).sum();
    }

    static void run() {
        System.out.println("lambdas " + run(Arrays.asList(1, 2, 3, 10, 20), 5) + " " + run(Arrays.<Integer>asList(), 0));
    }
}
