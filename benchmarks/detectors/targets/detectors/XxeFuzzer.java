package detectors;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * JDK DOM parser with its default settings, CWE-611 (XXE): external entities of a
 * user-supplied document are resolved. The application parses uploaded XML.
 */
public class XxeFuzzer {
    private static DocumentBuilder builder;

    public static void fuzzerInitialize() throws ParserConfigurationException {
        builder = DocumentBuilderFactory.newInstance().newDocumentBuilder();
        builder.setErrorHandler(new DefaultHandler() {
            @Override
            public void fatalError(SAXParseException e) throws SAXException {
                throw e;
            }
        });
    }

    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        byte[] xml = data.consumeRemainingAsBytes();
        try {
            builder.parse(new ByteArrayInputStream(xml));
        } catch (SAXException | IOException e) {
            // malformed documents, unreadable entities
        }
    }
}
