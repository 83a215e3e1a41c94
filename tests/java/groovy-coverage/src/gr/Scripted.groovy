package gr

// A script: its body becomes run(), @Field a field.

import groovy.transform.Field

@Field int base = 10

int twice(int x) {
    x * 2
}

twice(base) + (binding.hasVariable('extra') ? 1 : 0)
