// Node.replaceWith of jsoup 1.24.1 (the newest release Maven Central serves here on 2026-11-29),
// found by `fuzz --package org.jsoup` (generated drivers) and shrunk by hand. replaceWith on a
// node with no parent takes the replacement's parent ("allows old to have been temp removed
// before replacing"), then puts the replacement at the orphan's own sibling index, 0: an
// unrelated first child is dropped silently, or, when the replacement was the only child, an
// IndexOutOfBoundsException is thrown with the replacement already detached (the parent is left
// empty).
//   java -cp jsoup-1.24.1.jar ReplaceWithOrphan.java
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.TextNode;

public class ReplaceWithOrphan {
    static void attempt(String html, int which) {
        Document doc = Jsoup.parse(html);
        try {
            new TextNode("x").replaceWith(doc.select("p").get(which));
            System.out.println(html + " -> " + doc.body().html().replace("\n", ""));
        } catch (RuntimeException e) {
            System.out.println(html + " -> " + e + "; left: " + doc.body().html().replace("\n", ""));
        }
    }

    public static void main(String[] args) {
        attempt("<div><p>one</p><p>two</p><p>three</p></div>", 1); // <p>one</p> is gone
        attempt("<div><p>one</p></div>", 0); // IndexOutOfBoundsException, the div left empty
    }
}
