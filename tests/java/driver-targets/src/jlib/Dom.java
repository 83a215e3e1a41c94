package jlib;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;

/**
 * A W3C Document the caller built refusing a second root element (jsoup's W3CDom.convert into a
 * document that has one): the caller's; the same refusal of a document the method made: a bug.
 */
public final class Dom {
    private Dom() {}

    /** A new document, with a root element when the name is not empty. */
    public static Document newDocument(String root) throws ParserConfigurationException {
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
        if (!root.isEmpty() && root.chars().allMatch(c -> c >= 'a' && c <= 'z')) {
            d.appendChild(d.createElement(root));
        }
        return d;
    }

    /** Appends a root element to the caller's document: DOMException when it has one. */
    public static void addRoot(Document out, String name) {
        if (name.length() > 1 && name.chars().allMatch(c -> c >= 'a' && c <= 'z')) {
            out.appendChild(out.createElement(name));
        }
    }

    /** Makes a document and appends two roots when asked: DOMException, a bug. */
    public static Document twoRoots(String name) throws ParserConfigurationException {
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
        if (name.length() > 1 && name.chars().allMatch(c -> c >= 'a' && c <= 'z')) {
            d.appendChild(d.createElement(name));
            if (name.length() > 3) {
                d.appendChild(d.createElement(name));
            }
        }
        return d;
    }
}
