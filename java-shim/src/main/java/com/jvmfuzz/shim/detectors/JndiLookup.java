/*
 * jndi-lookup (CWE-74): a JNDI lookup of a name the input chose, with a scheme that reaches the
 * network (ldap:, rmi:, dns:, iiop:, corba: ... the Log4Shell pattern). The hook throws before
 * the lookup; a lookup of a fixed name, or under java:comp/env, is no finding.
 */
package com.jvmfuzz.shim.detectors;

import java.lang.invoke.MethodHandle;
import java.util.Locale;

public final class JndiLookup {
    private JndiLookup() {}

    static final String NAME = "jndi-lookup";
    static final String PAYLOAD = "ldap://jazzer.example.com/x";
    private static final String ENV_PREFIX = "java:comp/env/";
    private static final String[] REMOTE = {
        "ldap:", "ldaps:", "rmi:", "dns:", "iiop:", "iiopname:", "corba:", "corbaname:", "nis:", "nds:",
    };

    /** {@code Context.lookup(String|Name)}, {@code lookupLink}, on any context class. */
    public static void lookup(MethodHandle method, Object self, Object[] args, int id) {
        if (args.length == 0 || args[0] == null) {
            return;
        }
        String name = args[0].toString();
        Detector.towardsEquality(name, PAYLOAD);
        // Frameworks put a relative name under the component environment (log4j's JndiLookup
        // turns "x" into "java:comp/env/x"): guide the part the input wrote, which is what the
        // input holds; an empty one (a "${jndi:}") the fuzzer fills where the input has an
        // empty field.
        if (name.startsWith(ENV_PREFIX)) {
            Detector.towardsEquality(name.substring(ENV_PREFIX.length()), PAYLOAD);
        }
        String n = name.trim().toLowerCase(Locale.ROOT);
        for (String scheme : REMOTE) {
            if (n.startsWith(scheme)) {
                Detector.report(NAME, "remote JNDI lookup: the input chose the name `" + name + "`");
            }
        }
    }
}
