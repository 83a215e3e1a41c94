package cov;

/** Entry point: `java cov.Main MODE`, MODE selects which arms run (partial coverage). */
public class Main {
    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "a";
        Basics.run(mode);
        Records.run(mode);
        Extras.run(mode);
        Throwing.run(mode);
        try {
            Class<?> c = Class.forName("cov21.Patterns");
            c.getMethod("run", String.class).invoke(null, mode);
        } catch (ClassNotFoundException e) {
            // built without the JDK 21+ part
        }
    }
}
