package detectors;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.thoughtworks.xstream.XStream;
import com.thoughtworks.xstream.XStreamException;

/**
 * XStream 1.4.17, CVE-2021-39139 to CVE-2021-39154: before 1.4.18 XStream's default security
 * is a deny list, so fromXML creates objects of any other class the XML names. The
 * application unmarshals a user-supplied document with a default XStream.
 */
public class XStreamFuzzer {
    private static final XStream XSTREAM = new XStream();

    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        String xml = data.consumeRemainingAsString();
        try {
            XSTREAM.fromXML(xml);
        } catch (XStreamException | IllegalArgumentException | ClassCastException | UnsupportedOperationException e) {
            // malformed documents
        }
    }
}
