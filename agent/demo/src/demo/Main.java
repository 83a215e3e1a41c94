package demo;

public final class Main {
    public static void main(String[] args) {
        String[] inputs = args.length > 0 ? args : new String[] {"1 + 2 * 3", "(4 - 1) * -2", "7 / 0", "2 *"};
        for (String in : inputs) {
            try {
                System.out.println(in + " = " + Expr.eval(in));
            } catch (ArithmeticException | IllegalArgumentException e) {
                System.out.println(in + " -> " + e.getMessage());
            }
        }
    }
}
