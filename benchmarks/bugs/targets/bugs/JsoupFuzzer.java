package bugs;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;

/** jsoup 1.14.1: parse untrusted HTML or XML and serialize it back. No exception is documented. */
public class JsoupFuzzer {
  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    boolean xml = data.consumeBoolean();
    String input = data.consumeRemainingAsString();
    Document doc = xml ? Jsoup.parse(input, "", Parser.xmlParser()) : Jsoup.parse(input);
    doc.outerHtml();
  }
}
