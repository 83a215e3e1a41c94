// A fastjson2 failure of 2.0.64 (the newest release on 2026-12-02), found by OSS-Fuzz's own
// harness for fastjson2 (projects/fastjson2/JsonFuzzer.java, which expects only JSONException)
// run unchanged by jvmfuzz with OSS-Fuzz's command line (2026-12-02): a number whose exponent
// has no digit at the end of the text reads past it (ArrayIndexOutOfBoundsException from
// JSONReaderUTF8.readNumber0) where other malformed numbers give JSONException; inside an array
// the same number is taken as if the "e" were not there.
//   javac -cp fastjson2-2.0.64.jar ExponentAtEnd.java
//   java -cp fastjson2-2.0.64.jar:. ExponentAtEnd
import com.alibaba.fastjson2.JSON;

public class ExponentAtEnd {
    public static void main(String[] args) {
        for (String text : new String[] {"1e", "1E", "1e+", "222e", "[1e]", "1x"}) {
            try {
                System.out.println("JSON.parse(\"" + text + "\"): " + JSON.parse(text));
            } catch (RuntimeException e) {
                System.out.println("JSON.parse(\"" + text + "\"): " + e);
            }
        }
    }
}
