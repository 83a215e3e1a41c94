package com.example;

/** A `Lock` that opens for nothing; the calls on it name this class, not `Lock`. */
public final class StrictLock extends Lock {
    @Override
    public boolean open(String word) {
        return false;
    }
}
