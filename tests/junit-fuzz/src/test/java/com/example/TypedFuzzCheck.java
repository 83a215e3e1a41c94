package com.example;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.jvmfuzz.junit.FuzzTest;
import com.jvmfuzz.junit.FuzzedDataProvider;
import com.jvmfuzz.junit.InRange;
import com.jvmfuzz.junit.NotNull;
import com.jvmfuzz.junit.WithSize;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Typed parameters beyond the basics: an enum, a range, a list of records, a map, an Optional
 * and an array, with a planted bug in the record list; and jvmfuzz-junit's own
 * FuzzedDataProvider. The constraints are checked on
 * every execution: a broken one would be a different finding. Run alone by
 * tests/tests/junit_fuzz.rs (-Dtest=TypedFuzzCheck).
 */
class TypedFuzzCheck {
    enum Tier { FREE, GOLD, PLATINUM }

    record Line(String sku, int qty) {}

    @FuzzTest(maxDuration = "300s")
    void orders(@NotNull Tier tier, @InRange(min = 1, max = 5) int priority, @NotNull @WithSize(max = 4) List<@NotNull Line> lines,
            Map<String, Integer> extras, Optional<Long> coupon, int[] codes) {
        if (priority < 1 || priority > 5) {
            throw new AssertionError("@InRange broken: " + priority);
        }
        if (lines.size() > 4) {
            throw new AssertionError("@WithSize broken: " + lines.size());
        }
        for (Line l : lines) {
            if (l == null) {
                throw new AssertionError("@NotNull element broken");
            }
        }
        if (tier == Tier.PLATINUM && !lines.isEmpty() && "GPU".equals(lines.get(0).sku()) && lines.get(0).qty() > 100) {
            throw new IllegalStateException("planted bug: bulk platinum GPU order");
        }
    }

    /* jvmfuzz-junit's own FuzzedDataProvider (no jazzer-api needed), in Jazzer's layout; a
     * dictionary with entries that need escaping (quote, backslash, non-ASCII). */
    @FuzzTest(maxDuration = "300s")
    @DictionaryEntries({"caf\u00e9!", "a\"b\\c"})
    void provider(FuzzedDataProvider data) {
        int code = data.consumeInt();
        String rest = data.consumeRemainingAsString();
        if (code == 0x0c0ffee && rest.endsWith("!")) {
            throw new IllegalStateException("planted bug: coffee with an exclamation mark");
        }
    }
}
