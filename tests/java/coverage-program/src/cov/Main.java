package cov;

/**
 * Drives the coverage program with inputs that cover many, but deliberately not all, branches.
 * Prints a checksum so the two runs (JaCoCo, jvmfuzz) can be checked to have done the same.
 * JDK 21+ builds also contain cov.Patterns, which is run when present.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws Exception {
        long sum = 0;
        sum += Branches.ifElse(20) + Branches.ifElse(0);
        sum += Branches.andOr(true, true, false) ? 1 : 0;
        sum += Branches.andOr(false, true, false) ? 1 : 0;
        sum += Branches.ternary(4).length() + Branches.ternary(-3).length();
        sum += Branches.loops(7);
        for (int i = 0; i <= 3; i++) {
            sum += Branches.table(i).length();
        }
        sum += Branches.lookup(7) + Branches.lookup(8);
        sum += Branches.strings("alpha") + Branches.strings("BB") + Branches.strings("zzz");
        sum += Branches.enums(Branches.Color.RED).length() + Branches.enums(Branches.Color.BLUE).length();
        sum += Branches.switchExpr("SAT", 1) + Branches.switchExpr("MON", 5);
        sum += Branches.nestedConditions(new int[] {1, 2, 0, -4, 3});
        sum += Branches.isNull(null) ? 1 : 0;
        sum += Branches.instanceofs("abc") + Branches.instanceofs(7);

        sum += Exceptions.tryCatchFinally("12") + Exceptions.tryCatchFinally("x") + Exceptions.tryCatchFinally("0");
        sum += Exceptions.tryWithResources(false) + Exceptions.tryWithResources(true);
        sum += Exceptions.sync(3) + Exceptions.sync(0);
        sum += new Exceptions().syncMethod(true);
        sum += Exceptions.catchesEscape(1) + Exceptions.catchesEscape(3);
        sum += Exceptions.nestedFinally(false) + Exceptions.nestedFinally(true);
        sum += Exceptions.multiCatch(0) + Exceptions.multiCatch(2);

        Classes c = new Classes(7);
        sum += c.innerUse();
        sum += Classes.Nested.pick(3, 9);
        sum += Classes.square(2).describe().length() + Classes.square(5).describe().length();
        sum += Classes.localClass(6);
        sum += Classes.lambdas(9);
        sum += Classes.threads();
        sum += Classes.Op.ADD.apply(2, 3) + Classes.Op.MUL.apply(0, 4);
        sum += Classes.INIT.size();

        sum += Records.eval(new Records.Add(new Records.Num(2), new Records.Neg(new Records.Num(5))));
        sum += Records.ranges();

        sum += Asserts.checked(5) + Asserts.failing();

        sum += Concurrency.run();

        try {
            Class<?> p = Class.forName("cov.Patterns");
            sum += (Long) p.getMethod("run").invoke(null);
        } catch (ClassNotFoundException e) {
            // JDK 17 build: no pattern switches
        }
        System.out.println("checksum " + sum);
    }
}
