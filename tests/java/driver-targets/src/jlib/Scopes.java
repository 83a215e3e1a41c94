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

    private final java.util.ArrayList<Integer> levels = new java.util.ArrayList<>();

    public void pushLevel(int level) {
        levels.add(level);
    }

    /** A list's remove(size() - 1) past its first element: the caller's (contract). */
    public int popLevel() {
        return levels.remove(levels.size() - 1);
    }

    /** The innermost level, on an empty list: a bug (it promises none). */
    public int level() {
        return levels.get(levels.size() - 1);
    }

    /** The innermost scope, on an empty stack: a bug (it promises none). */
    public String innermost() {
        return stack.getFirst();
    }
}
