package fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * Wrapped's counterpart on Jazzer's interface: a chained exception on inputs starting with
 * "wr". It reads only the input's front, so bytes appended to a crash file leave its path as
 * it was (an input longer than the fuzzer's buffer takes the JNI path, a shorter one the
 * buffer's: the finding must be the same).
 */
public class JazzerWrapped {
    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        byte[] head = data.consumeBytes(2);
        if (head.length == 2 && head[0] == 'w' && head[1] == 'r') {
            String number = data.consumeAsciiString(8);
            try {
                Integer.parseInt(number);
            } catch (NumberFormatException e) {
                throw new IllegalStateException("cannot parse the record", e);
            }
        }
    }
}
