package example;

import java.nio.charset.StandardCharsets;

/** The fuzz harness: any Throwable escaping fuzzerTestOneInput is a finding. */
public final class HeaderParserFuzzer {
    private HeaderParserFuzzer() {}

    public static void fuzzerTestOneInput(byte[] data) {
        HeaderParser.parse(new String(data, StandardCharsets.UTF_8));
    }
}
