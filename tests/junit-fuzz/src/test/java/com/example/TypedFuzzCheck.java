package com.example;

import com.jvmfuzz.junit.FuzzTest;
import com.jvmfuzz.junit.InRange;
import com.jvmfuzz.junit.NotNull;
import com.jvmfuzz.junit.WithSize;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Typed parameters beyond the basics: an enum, a range, a list of records, a map, an Optional
 * and an array, with a planted bug deep in the record list. The constraints are checked on
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
        if (tier == Tier.PLATINUM && lines.size() >= 2 && "GPU".equals(lines.get(1).sku()) && lines.get(1).qty() > 100) {
            throw new IllegalStateException("planted bug: bulk platinum GPU order");
        }
    }
}
