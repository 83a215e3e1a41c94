// Parses each file given with Rhino's Parser, as benchmarks/grammar's RhinoFuzzer does, and says what escaped:
//   javac -cp rhino-1.9.2.jar RhinoParse.java && java -cp rhino-1.9.2.jar:. RhinoParse xml-codebug template-npe xml-ungetchar-aioobe
import java.nio.file.*;
import org.mozilla.javascript.*;
public class RhinoParse {
    public static void main(String[] a) throws Exception {
        for (String f : a) {
            String src = new String(Files.readAllBytes(Paths.get(f)), "UTF-8");
            try { new Parser(new CompilerEnvirons()).parse(src, "fuzz.js", 1); System.out.println(f + ": parsed"); }
            catch (RhinoException e) { System.out.println(f + ": rejected (" + e.getClass().getSimpleName() + ")"); }
            catch (Throwable t) { System.out.println(f + ": " + t); }
        }
    }
}
