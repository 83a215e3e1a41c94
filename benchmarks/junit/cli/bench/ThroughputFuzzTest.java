package bench;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Two fuzz tests written for Jazzer's JUnit integration, run from each tool's command line by
 * benchmarks/junit/cli.sh to compare executions per second: a real parser (jsoup) and a test
 * that does next to nothing (the cost of the loop itself). Neither has a bug to find.
 */
class ThroughputFuzzTest {
    @FuzzTest
    void jsoup(FuzzedDataProvider data) {
        org.jsoup.Jsoup.parse(data.consumeRemainingAsString()).select("a[href]").size();
    }

    @FuzzTest
    void trivial(byte[] data) {
        if (data.length > 3 && data[0] == 'x' && data[1] == 'y' && data[2] == 'z' && data[3] == 0x7f) {
            data[0] = 0;
        }
    }
}
