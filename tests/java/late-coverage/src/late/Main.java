package late;

/**
 * Coverage that changes after the agent's background thread has analysed a class: {@code f}'s
 * second branch runs only after a pause long enough for several looks at the probe flags.
 * {@link Steady} runs only before the pause, so its analysis from the run can be reused.
 */
public class Main {
    static int f(int x) {
        if (x > 0) {
            return 1;
        }
        return -1;
    }

    public static void main(String[] args) throws Exception {
        int s = f(1) + Steady.g(1);
        Thread.sleep(Long.parseLong(args[0]));
        s += f(-1);
        System.out.println("sum " + s);
    }
}

class Steady {
    static int g(int x) {
        return x > 5 ? 2 : 3;
    }
}
