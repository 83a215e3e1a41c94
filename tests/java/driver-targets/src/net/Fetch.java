package net;

import java.io.IOException;
import java.net.URL;

/**
 * Connections to URLs (commons-collections4's PropertiesFactory.load(URL)). Fuzzed only under
 * `unshare -n` (tests/tests/fuzz_detectors.rs); neither method connects, openConnection only
 * makes the connection object.
 */
public final class Fetch {
    private Fetch() {}

    /** Contract (server-side-request-forgery): opens the URL it is given; the caller chose the host. */
    public static String open(URL url) throws IOException {
        return url.openConnection().getURL().getHost();
    }

    /** Bug: opens a host it reads out of the path of the URL it was given. */
    public static String relay(URL url) throws IOException {
        String path = url.getPath();
        if (path.length() < 2) {
            return null;
        }
        return new URL("http://" + path.substring(1)).openConnection().getURL().getHost();
    }
}
