// A StringSubstitutorReader hang in commons-text 1.15.0 (the newest release on 2026-11-26), found
// as timeouts by `fuzz --package org.apache.commons.text` (generated drivers, 2026-11-26) and
// shrunk by hand. With an empty variable prefix, StringSubstitutor.replace returns its input,
// while StringSubstitutorReader.read never returns (it matches the empty prefix at the same
// place forever):
//   javac -cp commons-text-1.15.0.jar:commons-lang3-3.18.0.jar StringSubstitutorReaderHang.java
//   timeout 10 java -cp commons-text-1.15.0.jar:commons-lang3-3.18.0.jar:. StringSubstitutorReaderHang
import java.io.StringReader;
import org.apache.commons.text.StringSubstitutor;
import org.apache.commons.text.io.StringSubstitutorReader;

public class StringSubstitutorReaderHang {
    public static void main(String[] args) throws Exception {
        StringSubstitutor substitutor = new StringSubstitutor().setVariablePrefix("");
        System.out.println("replace(\"abc\"): " + substitutor.replace("abc"));
        System.out.println("read() on \"abc\" ... (never returns)");
        StringSubstitutorReader reader = new StringSubstitutorReader(new StringReader("abc"), substitutor);
        System.out.println("read(): " + reader.read());
    }
}
