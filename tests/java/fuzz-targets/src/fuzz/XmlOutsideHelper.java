package fuzz;

/** The instrumented part of XmlOutside: some branches for coverage. */
public class XmlOutsideHelper {
    public static boolean worthParsing(byte[] data) {
        if (data.length == 0) {
            return false;
        }
        return data[0] != 0;
    }
}
