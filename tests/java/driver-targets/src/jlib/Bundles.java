package jlib;

import java.util.ResourceBundle;

/** Resource bundles by name (org.json's JSONObject(baseName, locale)). */
public final class Bundles {
    private Bundles() {}

    /** Contract: the bundle the caller names may not exist. */
    public static int load(String baseName) {
        return ResourceBundle.getBundle(baseName).keySet().size();
    }

    /** Bug: the library's own bundle, named by itself, is missing. */
    public static int messages(int n) {
        return ResourceBundle.getBundle("jlib.Messages").keySet().size() + n;
    }
}
