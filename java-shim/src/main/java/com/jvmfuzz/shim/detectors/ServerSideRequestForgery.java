/*
 * server-side-request-forgery (CWE-918): a connection the target should not make. The hooks run
 * where a host name becomes an address or a connection (InetAddress.getByName,
 * InetSocketAddress, Socket, URL.openConnection in instrumented code), so the detector throws
 * before any name lookup or connection.
 *
 * A harness gets Jazzer's semantics: every connection its policy refuses is a finding, whoever
 * chose the host, and the default policy refuses all (BugDetectors.allowNetworkConnections
 * changes it). Connections the JDK opens inside its own code (an XML parser fetching the
 * external DTD a document names, a URL a library opens through the JDK) are judged too, by a
 * ProxySelector in front of the JDK's: Socket and HttpURLConnection ask it before they
 * connect, so nothing leaves the process (NIO channels the JDK opens, and an HttpClient built
 * before the selector was set, are not seen). Generated drivers keep the payload rule (the
 * host "jazzer.example.com"): a method whose job is to connect connects to what it is given;
 * so do JUnit fuzz tests run inside a test JVM, whose plain tests may connect.
 */
package com.jvmfuzz.shim.detectors;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.net.URL;
import java.util.Collections;
import java.util.List;

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

    /**
     * {@code new InetSocketAddress(host, port)}: an address, not yet a connection. Only the
     * payload rule judges it; a policy judges the connection made with it.
     */
    public static void unresolvedAddress(MethodHandle method, Object self, Object[] args, int id) {
        if (Policies.CONNECTION_PERMITTED.get() == Policies.PAYLOAD_HOSTS) {
            host(method, self, args, id);
        }
    }

    /** A socket address as the first argument: {@code Socket.connect}, {@code SocketChannel.connect/open}. */
    public static void address(MethodHandle method, Object self, Object[] args, int id) {
        if (args.length > 0 && args[0] instanceof InetSocketAddress) {
            InetSocketAddress a = (InetSocketAddress) args[0];
            check(a.getHostString(), a.getPort());
        }
    }

    /** A DTD the parser fetches over http (Jazzer's XML guidance steers to the same). */
    static final String EXTERNAL_DTD = "<!DOCTYPE x PUBLIC \"\" \"http://foo\">";

    /**
     * {@code DocumentBuilder.parse}, {@code SAXParser.parse}, {@code XMLReader.parse}, StAX
     * {@code XMLInputFactory.create*Reader}, BEFORE:
     * guidance towards a document whose DTD the parser fetches, for a harness (a parser that
     * resolves external entities then connects inside the JDK, which {@link Watch} judges).
     */
    public static void xmlParse(MethodHandle method, Object self, Object[] args, int id) {
        if (Policies.CONNECTION_PERMITTED.get() == Policies.NO_CONNECTIONS) {
            String text = XmlExternalEntity.document(args);
            if (text != null) {
                Detector.towardsContainment(text, EXTERNAL_DTD);
            }
        }
    }

    /** {@code URL.openConnection()}, {@code openStream()}. */
    public static void url(MethodHandle method, Object self, Object[] args, int id) {
        // Under Jazzer's default the connection is judged where it is made (Watch), as Jazzer
        // does: openConnection() alone connects nowhere.
        if (self instanceof URL && Policies.CONNECTION_PERMITTED.get() != Policies.NO_CONNECTIONS) {
            URL u = (URL) self;
            check(u.getHost(), u.getPort() >= 0 ? u.getPort() : u.getDefaultPort());
        }
    }

    /**
     * A harness's run under `fuzz` (not generated drivers): no connection is allowed until the
     * harness allows some, as under Jazzer, and the JDK's own connections are judged too.
     */
    public static void watchConnections() {
        denyConnections();
        watchJdkConnections();
    }

    /** Jazzer's default policy, unless a policy is set already. Returns whether it was set. */
    public static boolean denyConnections() {
        return Policies.CONNECTION_PERMITTED.compareAndSet(Policies.PAYLOAD_HOSTS, Policies.NO_CONNECTIONS);
    }

    /** Back to the payload rule, if {@link #denyConnections} set Jazzer's default. */
    public static void undenyConnections() {
        Policies.CONNECTION_PERMITTED.compareAndSet(Policies.NO_CONNECTIONS, Policies.PAYLOAD_HOSTS);
    }

    /** The JDK's own connections judged by the policy in force. Once per JVM. */
    public static synchronized void watchJdkConnections() {
        if (!(ProxySelector.getDefault() instanceof Watch)) {
            ProxySelector.setDefault(new Watch(ProxySelector.getDefault()));
        }
    }

    /*
     * Asked by java.net.Socket (through SocksSocketImpl, "socket://host:port") and by
     * HttpURLConnection ("http://host/...") before they connect, wherever the call came from.
     */
    static final class Watch extends ProxySelector {
        final ProxySelector next;

        Watch(ProxySelector next) {
            this.next = next;
        }

        @Override
        public List<Proxy> select(URI uri) {
            check(hostOf(uri), portOf(uri));
            return next != null ? next.select(uri) : Collections.singletonList(Proxy.NO_PROXY);
        }

        @Override
        public void connectFailed(URI uri, SocketAddress address, IOException e) {
            if (next != null) {
                next.connectFailed(uri, address, e);
            }
        }
    }

    /*
     * The host a URI names. getHost() is null for a name URI syntax refuses ("db_server", as
     * container names go): then the authority less its user, port and an IPv6 literal's
     * brackets, as a policy is given them.
     */
    static String hostOf(URI uri) {
        String host = uri.getHost();
        if (host == null) {
            host = uri.getAuthority();
            if (host == null) {
                return null;
            }
            host = host.substring(host.lastIndexOf('@') + 1);
            int close = host.lastIndexOf(']');
            int colon = host.lastIndexOf(':');
            if (colon > close) {
                host = host.substring(0, colon);
            }
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return host;
    }

    static int portOf(URI uri) {
        if (uri.getPort() >= 0) {
            return uri.getPort();
        }
        String scheme = String.valueOf(uri.getScheme()).toLowerCase(java.util.Locale.ROOT);
        switch (scheme) {
            case "http":
                return 80;
            case "https":
                return 443;
            case "ftp":
                return 21;
            default:
                return 0;
        }
    }

    /** {@code port} is -1 for a name lookup (no connection yet: a policy judges connections). */
    private static void check(String host, int port) {
        if (host == null) {
            return;
        }
        java.util.function.BiPredicate<String, Integer> policy = Policies.CONNECTION_PERMITTED.get();
        if (policy == Policies.NO_CONNECTIONS) {
            if (port >= 0) {
                Detector.report(NAME, "server-side request forgery: a connection to " + host + ":" + port
                        + " (a harness that expects connections allows them with Jazzer's"
                        + " BugDetectors.allowNetworkConnections)");
            }
            return;
        }
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
