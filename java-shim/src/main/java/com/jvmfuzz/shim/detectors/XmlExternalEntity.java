/*
 * xml-external-entity (CWE-611): a parser fed the input resolves an external entity the input
 * declared. Every parser a program gets from the JAXP factories (DOM, SAX, StAX) has a resolver
 * of ours in front of the one it had: an entity whose system id names "jazzer-xxe" is the
 * finding, thrown before the parser opens it; any other entity goes where it went before. A
 * parser configured not to resolve external entities never asks, so it is no finding. The
 * hooks on parse() guide the fuzzer towards a document declaring that entity.
 */
package com.jvmfuzz.shim.detectors;

import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.SAXParser;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLResolver;
import org.xml.sax.EntityResolver;
import org.xml.sax.InputSource;
import org.xml.sax.XMLReader;

public final class XmlExternalEntity {
    private XmlExternalEntity() {}

    static final String NAME = "xml-external-entity";
    static final String MARK = "jazzer-xxe";
    static final String PAYLOAD = "<!DOCTYPE r [<!ENTITY x SYSTEM \"jazzer-xxe\">]><r>&x;</r>";
    private static final int PEEK = 4096;

    private static void check(String systemId) {
        if (systemId != null && systemId.contains(MARK)) {
            Detector.report(NAME, "XML external entity: the parser resolved the entity `" + systemId
                    + "` the input declared");
        }
    }

    /** SAX and DOM: ours first, then the resolver the parser had (null: the parser's default). */
    static final class Resolver implements EntityResolver {
        final EntityResolver next;

        Resolver(EntityResolver next) {
            this.next = next;
        }

        @Override
        public InputSource resolveEntity(String publicId, String systemId) throws org.xml.sax.SAXException, java.io.IOException {
            check(systemId);
            return next == null ? null : next.resolveEntity(publicId, systemId);
        }
    }

    /** {@code DocumentBuilderFactory.newDocumentBuilder()}, AFTER: the new builder gets ours. */
    public static void documentBuilder(MethodHandle method, Object self, Object[] args, int id, Object ret) {
        if (ret instanceof DocumentBuilder) {
            ((DocumentBuilder) ret).setEntityResolver(new Resolver(null));
        }
    }

    /** {@code SAXParserFactory.newSAXParser()}, AFTER. */
    public static void saxParser(MethodHandle method, Object self, Object[] args, int id, Object ret) {
        if (ret instanceof SAXParser) {
            try {
                wrap(((SAXParser) ret).getXMLReader());
            } catch (org.xml.sax.SAXException e) {
                // No reader: the parser cannot parse either.
            }
        }
    }

    /** {@code SAXParser.getXMLReader()} and the XMLReader factories, AFTER. */
    public static void xmlReader(MethodHandle method, Object self, Object[] args, int id, Object ret) {
        if (ret instanceof XMLReader) {
            wrap((XMLReader) ret);
        }
    }

    private static void wrap(XMLReader r) {
        EntityResolver had = r.getEntityResolver();
        if (!(had instanceof Resolver)) {
            r.setEntityResolver(new Resolver(had));
        }
    }

    /** {@code XMLInputFactory.create*Reader(...)}, BEFORE: the factory's resolver gets ours in front. */
    public static void stax(MethodHandle method, Object self, Object[] args, int id) {
        if (!(self instanceof XMLInputFactory)) {
            return;
        }
        guide(args);
        XMLInputFactory f = (XMLInputFactory) self;
        XMLResolver had = f.getXMLResolver();
        if (!(had instanceof StaxResolver)) {
            f.setXMLResolver(new StaxResolver(had));
        }
    }

    static final class StaxResolver implements XMLResolver {
        final XMLResolver next;

        StaxResolver(XMLResolver next) {
            this.next = next;
        }

        @Override
        public Object resolveEntity(String publicId, String systemId, String baseUri, String namespace)
                throws javax.xml.stream.XMLStreamException {
            check(systemId);
            return next == null ? null : next.resolveEntity(publicId, systemId, baseUri, namespace);
        }
    }

    /** {@code DocumentBuilder.parse}, {@code SAXParser.parse}, {@code XMLReader.parse}, BEFORE: guidance. */
    public static void parse(MethodHandle method, Object self, Object[] args, int id) {
        guide(args);
    }

    private static void guide(Object[] args) {
        String text = document(args);
        if (text != null) {
            Detector.towardsContainment(text, PAYLOAD);
        }
    }

    /**
     * The start of the document a parse() or StAX reader call is given, when it can be read
     * without loss: the first InputStream, Reader or InputSource among its arguments (a StAX
     * reader may take a system id first).
     */
    static String document(Object[] args) {
        for (Object a : args) {
            if (a instanceof InputStream) {
                return peek((InputStream) a);
            }
            if (a instanceof java.io.Reader) {
                return peek((java.io.Reader) a);
            }
            if (a instanceof InputSource) {
                return peek((InputSource) a);
            }
        }
        return null;
    }

    private static String peek(InputSource source) {
        // A parser reads the character stream when both are set.
        java.io.Reader r = source.getCharacterStream();
        if (r == null) {
            return source.getByteStream() != null ? peek(source.getByteStream()) : null;
        }
        return peek(r);
    }

    private static String peek(java.io.Reader r) {
        if (!r.markSupported()) {
            return null;
        }
        try {
            r.mark(PEEK);
            char[] buf = new char[PEEK];
            int n = 0;
            for (int k; n < PEEK && (k = r.read(buf, n, PEEK - n)) > 0; ) {
                n += k;
            }
            r.reset();
            return new String(buf, 0, n);
        } catch (java.io.IOException | RuntimeException e) {
            return null; // Not peekable after all: no guidance.
        }
    }

    private static String peek(InputStream in) {
        if (!in.markSupported()) {
            return null;
        }
        try {
            in.mark(PEEK);
            String text = new String(in.readNBytes(PEEK), StandardCharsets.ISO_8859_1);
            in.reset();
            return text;
        } catch (java.io.IOException | RuntimeException e) {
            return null; // Not peekable after all: no guidance.
        }
    }
}
