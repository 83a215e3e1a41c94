package cov;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntPredicate;
import java.util.function.Supplier;

/** Inner, nested, anonymous and local classes, lambdas, static initialisers, interfaces. */
public class Classes {
    static final List<String> INIT = new ArrayList<>();
    static {
        if (System.getProperty("cov.never") != null) {
            INIT.add("never");
        }
        INIT.add("static");
    }

    private int value;

    public Classes(int value) {
        this.value = value > 100 ? 100 : value;
    }

    /** A non-static inner class. */
    class Inner {
        int twice() {
            return value * 2;
        }
        int choose(boolean b) {
            return b ? value : -value;
        }
    }

    /** A static nested class. */
    static class Nested {
        static int pick(int a, int b) {
            return a > b ? a : b;
        }
    }

    interface Shape {
        double area();
        default String describe() {
            return area() > 10 ? "big" : "small";
        }
    }

    static Shape square(double side) {
        return new Shape() {              // anonymous class
            @Override
            public double area() {
                return side * side;
            }
        };
    }

    static int localClass(int n) {
        class Counter {
            int c;
            void add(int x) {
                if (x % 2 == 0) {
                    c += x;
                }
            }
        }
        Counter k = new Counter();
        for (int i = 0; i < n; i++) {
            k.add(i);
        }
        return k.c;
    }

    static int lambdas(int n) {
        IntPredicate even = x -> x % 2 == 0;
        Function<Integer, Integer> inc = x -> x > 5 ? x + 1 : x - 1;
        Supplier<String> never = () -> {
            if (n > 1000) {
                return "big";
            }
            return "small";
        };
        int s = 0;
        for (int i = 0; i < n; i++) {
            if (even.test(i)) {
                s += inc.apply(i);
            }
        }
        Function<String, Integer> len = String::length;
        return s + len.apply("abc") + (n < 0 ? never.get().length() : 0);
    }

    static int threads() throws InterruptedException {
        int[] box = new int[1];
        Thread t = new Thread(() -> {
            for (int i = 0; i < 5; i++) {
                box[0] += i;
            }
        });
        t.start();
        t.join();
        return box[0];
    }

    int innerUse() {
        Inner in = new Inner();
        return in.twice() + in.choose(true);
    }

    enum Op {
        ADD {
            @Override
            int apply(int a, int b) {
                return a + b;
            }
        },
        MUL {
            @Override
            int apply(int a, int b) {
                return a == 0 || b == 0 ? 0 : a * b;
            }
        };
        abstract int apply(int a, int b);
    }
}
