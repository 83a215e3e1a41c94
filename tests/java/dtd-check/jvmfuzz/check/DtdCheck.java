package jvmfuzz.check;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.xml.sax.ErrorHandler;
import org.xml.sax.InputSource;
import org.xml.sax.SAXParseException;

/**
 * Validates a JaCoCo XML report against JaCoCo's own report.dtd with the JDK's validating parser.
 * The DTD is read from the JaCoCo CLI jar on the class path (whatever the DOCTYPE's system id
 * says, nothing is fetched from the network). Prints "VALID", or one line per problem.
 * Usage: DtdCheck REPORT.xml
 */
public final class DtdCheck {
    private static final String[] DTD_RESOURCES = {
        "/org/jacoco/cli/internal/report/xml/report.dtd", "/org/jacoco/report/xml/report.dtd",
    };

    public static void main(String[] args) throws Exception {
        List<String> problems = new ArrayList<>();
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setValidating(true);
        f.setNamespaceAware(false);
        DocumentBuilder b = f.newDocumentBuilder();
        b.setEntityResolver((publicId, systemId) -> {
            for (String r : DTD_RESOURCES) {
                InputStream in = DtdCheck.class.getResourceAsStream(r);
                if (in != null) {
                    InputSource s = new InputSource(in);
                    s.setSystemId(systemId);
                    return s;
                }
            }
            throw new IllegalStateException("report.dtd not on the class path (need org.jacoco.cli nodeps jar)");
        });
        b.setErrorHandler(new ErrorHandler() {
            public void warning(SAXParseException e) { problems.add("warning " + where(e) + e.getMessage()); }
            public void error(SAXParseException e) { problems.add("error " + where(e) + e.getMessage()); }
            public void fatalError(SAXParseException e) { problems.add("fatal " + where(e) + e.getMessage()); }
        });
        Document d = null;
        try {
            d = b.parse(new java.io.File(args[0]));
        } catch (SAXParseException e) {
            // already reported through the handler
        }
        if (d != null && d.getDoctype() == null) problems.add("no DOCTYPE: the DTD was not applied");
        if (d != null && !"report".equals(d.getDocumentElement().getTagName()))
            problems.add("root element is <" + d.getDocumentElement().getTagName() + ">, not <report>");
        if (problems.isEmpty()) {
            System.out.println("VALID");
        } else {
            for (String p : problems) System.out.println(p);
        }
    }

    private static String where(SAXParseException e) {
        return "line " + e.getLineNumber() + " col " + e.getColumnNumber() + ": ";
    }
}
