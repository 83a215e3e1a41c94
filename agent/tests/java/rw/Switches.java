package rw;

public class Switches {
    enum Color { RED, GREEN, BLUE, BLACK }

    static int table(int x) {
        switch (x) {
            case 0: return 10;
            case 1: return 11;
            case 2:
            case 3: return 13;
            case 5: x += 4; // fall through
            case 6: return x * 2;
            default: return -1;
        }
    }

    static int lookup(int x) {
        int r = 0;
        switch (x) {
            case -1000: r = 1; break;
            case 7: r = 2; break;
            case 1 << 20: r = 3; break;
            case Integer.MAX_VALUE: r = 4; break;
            default: r = 5;
        }
        return r;
    }

    static String strings(String s) {
        switch (s) {
            case "alpha": return "A";
            case "beta": return "B";
            case "Aa": return "collide1";
            case "BB": return "collide2";
            default: return "?";
        }
    }

    static int colors(Color c) {
        switch (c) {
            case RED: return 1;
            case GREEN: return 2;
            case BLUE: return 3;
            default: return 0;
        }
    }

    /** Counted: called once from Main; the test checks its switch-arm probe counts. */
    static int classify(int x) {
        switch (x) {
            case 1: return 100;
            case 2: return 200;
            case 3: return 300;
            default: return 0;
        }
    }

    static int countClassify() {
        int s = 0;
        // 1 x case 1, 2 x case 2, 0 x case 3, 3 x default
        int[] in = {1, 2, 2, 9, 10, -4};
        for (int v : in) {
            s += classify(v);
        }
        return s;
    }

    static void run() {
        StringBuilder b = new StringBuilder();
        for (int i = -1; i < 8; i++) b.append(table(i)).append(',');
        for (int v : new int[] {-1000, 7, 1 << 20, Integer.MAX_VALUE, 3}) b.append(lookup(v)).append(',');
        for (String s : new String[] {"alpha", "beta", "Aa", "BB", "gamma"}) b.append(strings(s)).append(',');
        for (Color c : Color.values()) b.append(colors(c)).append(',');
        System.out.println("switches " + b);
    }
}
