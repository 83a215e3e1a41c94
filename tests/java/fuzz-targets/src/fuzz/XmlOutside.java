package fuzz;

import java.io.ByteArrayInputStream;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;

/**
 * A harness that parses XML itself, run with --includes naming only its helper (as OSS-Fuzz's
 * JXPath harness, outside `org.apache.commons.jxpath.**`): the detectors' hooks must reach the
 * harness's own parse call all the same.
 */
public class XmlOutside {
    public static void fuzzerTestOneInput(byte[] data) throws Exception {
        if (!XmlOutsideHelper.worthParsing(data)) {
            return;
        }
        DocumentBuilder builder = DocumentBuilderFactory.newInstance().newDocumentBuilder();
        builder.setErrorHandler(null);
        try {
            builder.parse(new ByteArrayInputStream(data));
        } catch (org.xml.sax.SAXException | java.io.IOException malformed) {
            // not a document
        }
    }
}
