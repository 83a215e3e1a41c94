package rw;

/**
 * Rewriter test program. Prints deterministic results of every case; the test compares
 * this output between the original and the instrumented classes, and checks probe counts
 * of the "counted" methods (called exactly once from here).
 */
public class Main {
    public static void main(String[] args) throws Exception {
        // Counted methods: called exactly once each (the test checks their probe counts).
        System.out.println("loop10 " + Loops.loop10());
        System.out.println("classify " + Switches.countClassify());
        System.out.println("caught " + Exceptions.countCatches());

        Loops.run();
        Branches.run();
        Switches.run();
        Exceptions.run();
        Ctors.run();
        Lambdas.run();
        Sync.run();
        TypeAnno.run();
        if (hasClass("rw.Big")) {
            Class.forName("rw.Big").getMethod("run").invoke(null);
        }
        if (hasClass("rw17.Modern")) {
            Class.forName("rw17.Modern").getMethod("run").invoke(null);
        }
        System.out.println("done");
    }

    static boolean hasClass(String n) {
        try {
            Class.forName(n, false, Main.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
