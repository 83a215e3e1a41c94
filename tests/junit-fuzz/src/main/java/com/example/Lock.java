package com.example;

/** What `LockHooks` hooks by its abstract class: calls on its subclasses are hooked too. */
public abstract class Lock {
    public abstract boolean open(String word);
}
