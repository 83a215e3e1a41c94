/*
 * server-side-request-forgery (CWE-918): the input chooses the host a connection goes to. The
 * payload is the host "jazzer.example.com"; the hooks run where a host name becomes an address
 * or a connection (InetAddress.getByName, InetSocketAddress, Socket, URL.openConnection), so the
 * detector throws before any name lookup or connection. A configured host is no finding.
 *
 * A harness that sets a policy (Jazzer's BugDetectors.allowNetworkConnections) makes every
 * connection the policy refuses a finding, whoever chose the host (Jazzer's semantics).
 */
package com.jvmfuzz.shim.detectors;

import java.lang.invoke.MethodHandle;
import java.net.InetSocketAddress;
import java.net.URL;

public final class ServerSideRequestForgery {
    private ServerSideRequestForgery() {}

    static final String NAME = "server-side-request-forgery";
    static final String PAYLOAD = "jazzer.example.com";

    /**
     * A host name as the first argument, with the port second where the call has one:
     * {@code InetAddress.getByName(host)}, {@code new Socket(host, port)}, ...
     */
    public static void host(MethodHandle method, Object self, Object[] args, int id) {
        if (args.length > 0 && args[0] instanceof String) {
            int port = args.length > 1 && args[1] instanceof Integer ? (Integer) args[1] : -1;
            check((String) args[0], port);
        }
    }

    /** A socket address as the first argument: {@code Socket.connect}, {@code SocketChannel.connect/open}. */
    public static void address(MethodHandle method, Object self, Object[] args, int id) {
        if (args.length > 0 && args[0] instanceof InetSocketAddress) {
            InetSocketAddress a = (InetSocketAddress) args[0];
            check(a.getHostString(), a.getPort());
        }
    }

    /** {@code URL.openConnection()}, {@code openStream()}. */
    public static void url(MethodHandle method, Object self, Object[] args, int id) {
        if (self instanceof URL) {
            URL u = (URL) self;
            check(u.getHost(), u.getPort() >= 0 ? u.getPort() : u.getDefaultPort());
        }
    }

    /** {@code port} is -1 for a name lookup (no connection yet: a policy judges connections). */
    private static void check(String host, int port) {
        if (host == null) {
            return;
        }
        java.util.function.BiPredicate<String, Integer> policy = Policies.CONNECTION_PERMITTED.get();
        if (policy != Policies.PAYLOAD_HOSTS) {
            if (port >= 0 && Boolean.FALSE.equals(Detector.policy(() -> policy.test(host, port)))) {
                Detector.report(NAME, "server-side request forgery: a connection to " + host + ":" + port
                        + " that the harness's policy does not allow");
            }
            return;
        }
        Detector.towardsEquality(host, PAYLOAD);
        if (host.trim().equalsIgnoreCase(PAYLOAD)) {
            Detector.report(NAME, "server-side request forgery: the input chose the host `" + host + "`", host);
        }
    }
}
