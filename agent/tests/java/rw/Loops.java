package rw;

public class Loops {
    /** Counted: the loop test runs 11 times, the body 10 times. */
    static int loop10() {
        int s = 0;
        for (int i = 0; i < 10; i++) {
            s += i;
        }
        return s;
    }

    static int whileBreak(int n) {
        int i = 0;
        int s = 0;
        while (true) {
            if (i > n) {
                break;
            }
            if (i % 3 == 0) {
                i++;
                continue;
            }
            s += i;
            i++;
        }
        return s;
    }

    static long doWhile(long x) {
        long r = 1;
        do {
            r = r * 3 + x;
            x--;
        } while (x > 0);
        return r;
    }

    static int nested(int n) {
        int c = 0;
        outer:
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i * j > 20) {
                    continue outer;
                }
                if (i + j == 13) {
                    break outer;
                }
                c += i ^ j;
            }
        }
        return c;
    }

    static double floats(double d, float f) {
        double acc = 0;
        for (float x = 0; x < f; x += 0.5f) {
            acc += x > d ? x : -d;
        }
        return acc;
    }

    static void run() {
        System.out.println("whileBreak " + whileBreak(20));
        System.out.println("doWhile " + doWhile(5) + " " + doWhile(-1));
        System.out.println("nested " + nested(15));
        System.out.println("floats " + floats(1.25, 4.0f));
    }
}
