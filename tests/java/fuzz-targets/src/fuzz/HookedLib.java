package fuzz;

/** Callees for Hooked. */
public class HookedLib {
    public static int check(int n) {
        return n;
    }

    public static void hidden(String s) {
        try {
            Long.parseLong(s);
        } catch (NumberFormatException expected) {
        }
    }
}
