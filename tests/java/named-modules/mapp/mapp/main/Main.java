package mapp.main;

import mlib.core.Shapes;

/** Runs the library module from an application module; prints what it computed. */
public final class Main {
    private static final Object LOCK = new Object();
    private static int total;

    private static void add(int x) {
        synchronized (LOCK) {
            total += x;
        }
    }

    public static void main(String[] args) {
        for (int sides = 1; sides <= 5; sides++) {
            System.out.println(sides + " " + Shapes.classify(sides));
        }
        System.out.println(Shapes.parse(" 42 ") + " " + Shapes.parse("x"));
        int[] xs = {0, 1, 2, 3, 4, 5, 6};
        System.out.println(Shapes.count(xs, x -> x % 2 == 0));
        Runnable r = new Runnable() {
            @Override
            public void run() {
                add(Shapes.describe(7).length());
                add(Shapes.describe(123).length());
            }
        };
        r.run();
        System.out.println(Shapes.describe(7) + " " + Shapes.describe(123) + " " + total);
    }
}
