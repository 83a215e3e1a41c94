/*
 * server-side-request-forgery (CWE-918): the input chooses the host a connection goes to. The
 * payload is the host "jazzer.example.com"; the hooks run where a host name becomes an address
 * or a connection (InetAddress.getByName, InetSocketAddress, Socket, URL.openConnection), so the
 * detector throws before any name lookup or connection. A configured host is no finding.
 */
package com.jvmfuzz.shim.detectors;

import java.lang.invoke.MethodHandle;
import java.net.InetSocketAddress;
import java.net.URL;

public final class ServerSideRequestForgery {
    private ServerSideRequestForgery() {}

    static final String NAME = "server-side-request-forgery";
    static final String PAYLOAD = "jazzer.example.com";

    /** A host name as the first argument: {@code InetAddress.getByName}, {@code new Socket(String, int)}, ... */
    public static void host(MethodHandle method, Object self, Object[] args, int id) {
        if (args.length > 0 && args[0] instanceof String) {
            check((String) args[0]);
        }
    }

    /** A socket address as the first argument: {@code Socket.connect}, {@code SocketChannel.connect/open}. */
    public static void address(MethodHandle method, Object self, Object[] args, int id) {
        if (args.length > 0 && args[0] instanceof InetSocketAddress) {
            check(((InetSocketAddress) args[0]).getHostString());
        }
    }

    /** {@code URL.openConnection()}, {@code openStream()}. */
    public static void url(MethodHandle method, Object self, Object[] args, int id) {
        if (self instanceof URL) {
            check(((URL) self).getHost());
        }
    }

    private static void check(String host) {
        if (host == null) {
            return;
        }
        Detector.towardsEquality(host, PAYLOAD);
        if (host.trim().equalsIgnoreCase(PAYLOAD)) {
            Detector.report(NAME, "server-side request forgery: the input chose the host `" + host + "`");
        }
    }
}
