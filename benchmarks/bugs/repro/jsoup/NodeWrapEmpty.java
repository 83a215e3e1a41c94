// Node.wrap of jsoup 1.24.1 (the newest release Maven Central serves here on 2026-11-29), found by
// `fuzz --package org.jsoup` (generated drivers: Elements.wrap on an element's parents) and
// shrunk by hand. wrap's Javadoc: "If the input HTML does not parse to a result starting with an
// Element, this will be a no-op." HTML that parses to no node at all throws instead: Node.wrap
// reads element 0 of the empty list the fragment parser returns.
//   java -cp jsoup-1.24.1.jar NodeWrapEmpty.java
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

public class NodeWrapEmpty {
    static void attempt(String html) {
        Document doc = Jsoup.parse("<p>x</p>");
        try {
            doc.selectFirst("p").wrap(html);
            System.out.println("wrap(\"" + html + "\"): no-op or wrapped: " + doc.body().html());
        } catch (RuntimeException e) {
            System.out.println("wrap(\"" + html + "\"): " + e);
        }
    }

    public static void main(String[] args) {
        attempt(" ");    // a text node: the documented no-op
        attempt("</b>"); // no node: IndexOutOfBoundsException: Index: 0
        attempt("<!---->"); // a comment: the documented no-op
    }
}
