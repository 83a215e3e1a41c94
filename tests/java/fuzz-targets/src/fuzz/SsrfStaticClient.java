package fuzz;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * An HttpClient built in the harness's static initializer, before any input: it keeps the
 * proxy selector of its birth, which is where connections the JDK opens are judged. An input
 * starting with 'G' sends a request to a fixed local address the harness never allowed.
 */
public class SsrfStaticClient {
    static final HttpClient CLIENT = HttpClient.newHttpClient();

    public static void fuzzerTestOneInput(byte[] data) throws InterruptedException {
        if (data.length > 0 && data[0] == 'G') {
            try {
                CLIENT.send(HttpRequest.newBuilder(URI.create("http://localhost:8/x")).build(),
                        HttpResponse.BodyHandlers.discarding());
            } catch (java.io.IOException refused) {
                // Nothing listens there.
            }
        }
    }
}
