// snakeyaml-engine 3.2 (the newest release Maven Central serves here on 2026-11-30), found by
// `fuzz --package org.snakeyaml.engine` (generated drivers; run 50, a library no rule was
// written for) and shrunk by hand:
//  1. Load.loadFromString("\"\\x") -- a double-quoted scalar ending just after the escape "\x" --
//     throws java.lang.NumberFormatException, not the library's YamlEngineException:
//     ScannerImpl.scanFlowScalarNonSpaces takes reader.prefix(2), which is "" at the end of the
//     input, finds no non-hex character in it and calls Integer.parseInt("", 16). With one hex
//     digit ("\x4") it reports "found unexpected end of stream" as it should.
//  2. ConstructYamlJsonFloat.construct (and ConstructYamlCoreFloat's) of an empty scalar throws
//     StringIndexOutOfBoundsException (value.charAt(0)), where ConstructYamlCoreInt reports
//     "found empty value" in a ConstructorException; through Load ("!!float ''") it comes out
//     wrapped in a YamlEngineException whose message is the index error.
//  3. StreamReader.peek(Integer.MAX_VALUE) past the first code point throws
//     ArrayIndexOutOfBoundsException (pointer + index overflows), where its Javadoc promises
//     "the next index-th code point or 0 if empty" (at the start it answers 0).
//  4. Load.loadFromString("!!%20 x") -- a tag whose URI escape decodes to a space -- throws
//     IllegalArgumentException from Tag's constructor ("Tag must not contain leading or trailing
//     spaces."), not the library's YamlEngineException with the place in the text (found in
//     run 57; "!%20x y" is reported as it should be).
//   java -cp snakeyaml-engine-3.2.jar EngineBugs.java
import java.io.StringReader;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.constructor.json.ConstructYamlJsonFloat;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.scanner.StreamReader;

public class EngineBugs {
    static void attempt(String what, Runnable r) {
        try {
            r.run();
            System.out.println(what + ": returned");
        } catch (Throwable e) {
            System.out.println(what + ": threw " + e.getClass().getName() + ": "
                    + String.valueOf(e.getMessage()).split("\n")[0]);
        }
    }

    public static void main(String[] args) {
        LoadSettings settings = LoadSettings.builder().build();
        attempt("1. load \"\\x", () -> new Load(settings).loadFromString("\"\\x"));
        attempt("   load \"\\x4 (for comparison)", () -> new Load(settings).loadFromString("\"\\x4"));
        attempt("2. ConstructYamlJsonFloat.construct of ''",
                () -> new ConstructYamlJsonFloat().construct(new ScalarNode(Tag.FLOAT, "", ScalarStyle.PLAIN)));
        attempt("   load !!float ''", () -> new Load(settings).loadFromString("!!float ''"));
        attempt("3. peek(Integer.MAX_VALUE) after one forward()", () -> {
            StreamReader reader = new StreamReader(settings, new StringReader("0"));
            reader.forward();
            reader.peek(Integer.MAX_VALUE);
        });
        attempt("   peek(Integer.MAX_VALUE) at the start", () -> {
            StreamReader reader = new StreamReader(settings, new StringReader("0"));
            System.out.println("   (answers " + reader.peek(Integer.MAX_VALUE) + ")");
        });
        attempt("4. load !!%20 x", () -> new Load(settings).loadFromString("!!%20 x"));
        attempt("   load !%20x y (for comparison)", () -> new Load(settings).loadFromString("!%20x y"));
    }
}
