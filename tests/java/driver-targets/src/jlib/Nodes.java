package jlib;

/**
 * Nodes of a tree, and a method for one kind of them (snakeyaml-engine's scalar constructors
 * taking a Node and casting it to ScalarNode): a node of another kind is the caller's choice;
 * beside it, a cast of a node the method took out of its argument, a bug.
 */
public final class Nodes {
    private Nodes() {}

    /** A node. */
    public abstract static class Node {}

    /** A node of one value. */
    public static final class Scalar extends Node {
        final String value;

        public Scalar(String value) {
            this.value = value;
        }
    }

    /** A node of a key and a value. */
    public static final class Pair extends Node {
        final Node key;
        final Node value;

        public Pair(Node key, Node value) {
            this.key = key;
            this.value = value;
        }
    }

    /** Contract: the length of a scalar node's value; a node of another kind is the caller's. */
    public static int length(Node node) {
        Scalar scalar = (Scalar) node;
        return String.valueOf(scalar.value).length();
    }

    /** Bug: a pair's key is taken for a scalar, though any node may be a key. */
    public static int keyLength(Pair pair) {
        if (pair.key == null) {
            return 0;
        }
        return String.valueOf(((Scalar) pair.key).value).length();
    }
}
