// A joni failure of 2.2.10 (the newest release on 2026-12-02, with jcodings 1.0.65), found by
// OSS-Fuzz's own harness for joni (projects/joni/RegexMatcherFuzzer.java, which expects only
// SyntaxException and InternalException) run unchanged by jvmfuzz with OSS-Fuzz's command line
// (2026-12-02): `new Regex(String)` passes `str.getBytes()` with `str.length()` as the end, a
// count of chars where bytes are meant. A pattern with a character outside ASCII ends inside
// that character's UTF-8 bytes: one such character alone throws
// ArrayIndexOutOfBoundsException from UTF8Encoding.length, and after other characters the
// parser never ends (Parser.parseStringLoop); "\u00e9\u00e9" compiles quietly as "\u00e9". The
// byte[] constructor with the right end works. UTF-8 must be the default charset (JDK 18 and
// later; on 17, a UTF-8 locale or -Dfile.encoding=UTF-8).
//   javac -cp joni-2.2.10.jar:jcodings-1.0.65.jar RegexFromString.java
//   java -Dfile.encoding=UTF-8 -cp joni-2.2.10.jar:jcodings-1.0.65.jar:. RegexFromString
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jcodings.specific.UTF8Encoding;
import org.joni.Option;
import org.joni.Regex;
import org.joni.Syntax;

public class RegexFromString {
    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r);
            t.setDaemon(true);
            return t;
        });
        for (String pattern : new String[] {"\u00e9", "\u4e2d", "caf\u00e9", "cafe"}) {
            Future<?> compiled = pool.submit(() -> new Regex(pattern));
            String shown = "new Regex(\"" + pattern + "\")";
            try {
                compiled.get(5, TimeUnit.SECONDS);
                System.out.println(shown + ": compiled");
            } catch (TimeoutException e) {
                System.out.println(shown + ": still running after 5 s");
            } catch (java.util.concurrent.ExecutionException e) {
                System.out.println(shown + ": " + e.getCause());
            }
        }
        byte[] bytes = "caf\u00e9".getBytes(StandardCharsets.UTF_8);
        new Regex(bytes, 0, bytes.length, Option.NONE, UTF8Encoding.INSTANCE, Syntax.DEFAULT);
        System.out.println("new Regex(bytes of \"caf\u00e9\", 0, bytes.length, ...): compiled");
    }
}
