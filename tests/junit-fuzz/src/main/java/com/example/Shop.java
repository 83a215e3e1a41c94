package com.example;

import java.util.List;

/** A discount rule with a planted bug: code SPRING24, more than 100.00 and 3+ items divide by zero. */
public final class Shop {
    private Shop() {}

    public static int discount(String code, int cents, List<Integer> quantities) {
        if (code == null || quantities == null || cents < 0) {
            return 0;
        }
        if (!code.equals("SPRING24")) {
            return cents;
        }
        int items = 0;
        for (Integer q : quantities) {
            if (q != null && q > 0) {
                items++;
            }
        }
        if (items >= 3) {
            // planted bug: the bulk tier was meant to be cents / items, but large carts get 0 tiers
            int tiers = cents > 10_000 ? 0 : items;
            return cents / tiers;
        }
        return cents - cents / 10;
    }
}
