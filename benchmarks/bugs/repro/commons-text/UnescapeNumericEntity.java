// StringEscapeUtils.unescapeHtml4/unescapeXml of commons-text 1.15.0 (the newest release on
// 2026-11-26) on a numeric entity past U+10FFFF: NumericEntityUnescaper hands the number to
// Character.toChars, which throws IllegalArgumentException, while an entity too large for an
// int ("&#99999999999;") is left in the text as it is. Found by `fuzz --package
// org.apache.commons.text` (generated drivers, 2026-11-26).
//   javac -cp commons-text-1.15.0.jar:commons-lang3-3.22.0.jar UnescapeNumericEntity.java
//   java -cp commons-text-1.15.0.jar:commons-lang3-3.22.0.jar:. UnescapeNumericEntity
import org.apache.commons.text.StringEscapeUtils;

public class UnescapeNumericEntity {
    public static void main(String[] args) {
        for (String s : new String[] {"&#65;", "&#1114111;", "&#99999999999;", "&#1114112;", "&#xFFFFFFF;"}) {
            try {
                System.out.println("unescapeHtml4(\"" + s + "\"): " + StringEscapeUtils.unescapeHtml4(s).length() + " char(s)");
            } catch (RuntimeException e) {
                System.out.println("unescapeHtml4(\"" + s + "\"): " + e);
            }
        }
    }
}
