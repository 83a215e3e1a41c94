// commons-codec's MatchRatingApproachEncoder.isEncodeEquals fails on a name with no letters in
// it (1.17.0 and 1.23.0, the newest release on 2026-11-27): it returns false for a null, empty,
// blank or one-character name, but "--" passes those checks, cleans to "" and reaches
// removeVowels("").substring(0, 1). Found by `fuzz --package org.apache.commons.codec`
// (generated drivers, 2026-11-27) and shrunk by hand:
//   javac -cp commons-codec-1.23.0.jar MatchRatingIsEncodeEquals.java
//   java -cp commons-codec-1.23.0.jar:. MatchRatingIsEncodeEquals
import org.apache.commons.codec.language.MatchRatingApproachEncoder;

public class MatchRatingIsEncodeEquals {
    public static void main(String[] args) {
        MatchRatingApproachEncoder mra = new MatchRatingApproachEncoder();
        System.out.println("isEncodeEquals(\"Tom\", \"-\"): " + mra.isEncodeEquals("Tom", "-"));
        // StringIndexOutOfBoundsException: begin 0, end 1, length 0
        try {
            System.out.println(mra.isEncodeEquals("Tom", "--"));
        } catch (RuntimeException e) {
            System.out.println("isEncodeEquals(\"Tom\", \"--\"): " + e);
        }
    }
}
