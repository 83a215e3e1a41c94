package drv;

/** Needs three exact values: an int, a long and a String (all constants of this class). */
public final class Magic {
    private Magic() {}

    public static String check(int code, long serial, String name) {
        if (code == 0x1337BEEF) {
            if (serial == 0x0123456789ABCDEFL) {
                if (name.equals("open-sesame")) {
                    throw new IllegalStateException("magic reached");
                }
                return "serial";
            }
            return "code";
        }
        return "no";
    }
}
