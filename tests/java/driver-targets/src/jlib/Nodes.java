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

    /**
     * Contract: the same through an Optional, the failed cast reported in an exception of its
     * own (snakeyaml-engine's constructSingleDocument of an Optional<Node>): the node in it is
     * the caller's choice.
     */
    public static int firstLength(java.util.Optional<Node> node) {
        if (!node.isPresent()) {
            return 0;
        }
        try {
            Scalar scalar = (Scalar) node.get();
            return String.valueOf(scalar.value).length() + 1;
        } catch (ClassCastException e) {
            throw new NodeFailure(e);
        }
    }

    /** The library's own exception (snakeyaml-engine's YamlEngineException). */
    public static final class NodeFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NodeFailure(Throwable cause) {
            super(cause.toString(), cause);
        }
    }

    /**
     * Contract: the lengths of scalar nodes, taken out of a list (the cast is the method's,
     * not the compiler's for the list's Node): a node of another kind is the caller's.
     */
    public static int lengths(java.util.List<Node> nodes) {
        int n = 0;
        for (Node node : nodes) {
            n += node == null ? 0 : String.valueOf(((Scalar) node).value).length();
        }
        return n;
    }

    /** Bug: the values of pairs out of a list taken for scalars, though any node may be one. */
    public static int valueLengths(java.util.List<Pair> pairs) {
        int n = 0;
        for (Pair pair : pairs) {
            if (pair != null && pair.value != null) {
                n += String.valueOf(((Scalar) pair.value).value).length();
            }
        }
        return n;
    }

    /** Bug: a pair's key is taken for a scalar, though any node may be a key. */
    public static int keyLength(Pair pair) {
        if (pair.key == null) {
            return 0;
        }
        return String.valueOf(((Scalar) pair.key).value).length();
    }
}
