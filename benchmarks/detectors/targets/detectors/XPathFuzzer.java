package detectors;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;

/**
 * JDK XPath, CWE-643: the application checks a login against an XML user store with an
 * XPath expression it builds by concatenating the user name.
 */
public class XPathFuzzer {
    private static Document users;
    private static XPath xpath;

    public static void fuzzerInitialize() throws Exception {
        String xml = "<users><user name='alice' password='s3cret' role='admin'/>"
                + "<user name='bob' password='hunter2' role='user'/></users>";
        users = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        xpath = XPathFactory.newInstance().newXPath();
    }

    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        String name = data.consumeRemainingAsString();
        try {
            xpath.evaluate("/users/user[@name='" + name + "']/@role", users, XPathConstants.STRING);
        } catch (XPathExpressionException e) {
            // bad expressions are reported to the caller
        }
    }
}
