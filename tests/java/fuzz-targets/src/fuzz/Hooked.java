package fuzz;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Calls that only a custom @MethodHook (fuzz.hooks.*) turns into findings: each hook reports
 * through Jazzer.reportFindingFromHook when it sees its value, and guides the fuzzer there.
 * Without the hook nothing here can fail. -Dhook.kind picks the call.
 */
public class Hooked {
    static final String KIND = System.getProperty("hook.kind", "parse");

    public static void fuzzerTestOneInput(byte[] data) {
        String s = new String(data, StandardCharsets.ISO_8859_1);
        switch (KIND) {
            case "parse": // a static JDK method, BEFORE
                try {
                    Integer.parseInt(s);
                } catch (NumberFormatException expected) {
                }
                break;
            case "replace": // a static method of the target, REPLACE
                if (HookedLib.check(data.length) == 4242) {
                    throw new IllegalStateException("the REPLACE hook's value came back");
                }
                break;
            case "after": // a virtual JDK method's return value, AFTER
                new StringBuilder(s).append('!').toString();
                break;
            case "ctor": // a JDK constructor, BEFORE and AFTER
                new java.io.File(s);
                break;
            case "iface": // an interface method, BEFORE
                Map<String, String> m = new HashMap<>();
                m.get(s);
                break;
            case "subtype": // a call on a subclass of an abstract JDK class the hook names
                try {
                    new HookedReader(s).read(new char[1]);
                } catch (java.io.IOException impossible) {
                }
                break;
            case "hidden": // a call in a class left uninstrumented, via additionalClassesToHook
                HookedLib.hidden(s);
                break;
            default:
                throw new IllegalArgumentException(KIND);
        }
    }
}
