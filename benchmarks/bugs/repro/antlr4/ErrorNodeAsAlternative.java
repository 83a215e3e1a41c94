// An ANTLR 4 failure of 4.13.2 (the newest release on 2026-12-02), found by OSS-Fuzz's own
// harness for antlr4-java (projects/antlr4-java/GrammarFuzzer.java, which expects
// RecognitionException and UnsupportedOperationException from a malformed grammar) run unchanged
// by jvmfuzz with OSS-Fuzz's command line (2026-12-02; 1 of 3 seeds within 60 s, Jazzer 0.30.0
// 2 of 3): after a syntax error in a rule's alternatives the parser's error recovery puts a
// GrammarASTErrorNode where ANTLRParser.labeledAlt casts to AltAST, so this grammar text throws
// ClassCastException instead of reporting the error. The same text without its last character
// gives the expected UnsupportedOperationException.
//   CP=antlr4-4.13.2.jar:antlr4-runtime-4.13.2.jar:antlr-runtime-3.5.3.jar:ST4-4.3.4.jar:icu4j-72.1.jar:org.abego.treelayout.core-1.0.3.jar
//   javac -cp $CP ErrorNodeAsAlternative.java
//   java -cp $CP:. ErrorNodeAsAlternative
import org.antlr.v4.tool.LexerGrammar;

public class ErrorNodeAsAlternative {
    public static void main(String[] args) throws Exception {
        for (String text : new String[] {"\u5fff\uffff\ufffc|t|3#", "\u5fff\uffff\ufffc|t|3"}) {
            try {
                new LexerGrammar(text);
                System.out.println("parsed");
            } catch (RuntimeException e) {
                System.out.println(e);
            }
        }
    }
}
