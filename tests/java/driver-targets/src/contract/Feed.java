package contract;

import java.util.Iterator;

/**
 * An iterator that does nothing until its source is set (commons-collections4's
 * TransformIterator(), which "will not function until setIterator is invoked"): a null field
 * the caller may set is the caller's, a null field of its own is its bug.
 */
public final class Feed implements Iterator<String> {
    private Iterator<String> source;
    private StringBuilder seen;
    private String[] tags;
    private double[] window;
    private String prefix;
    private String cached;

    public Feed() {}

    public Feed(Iterator<String> source) {
        this.source = source;
        this.prefix = ">";
    }

    public void setSource(Iterator<String> source) {
        this.source = source;
    }

    /** Contract when built without a source and setSource was not called. */
    @Override
    public boolean hasNext() {
        return source.hasNext();
    }

    @Override
    public String next() {
        return source.next().trim();
    }

    public void setTags(String[] tags) {
        this.tags = tags.clone();
    }

    /** Bug: its getter fails on the default (commons-lang3's ReflectionToStringBuilder.getExcludeFieldNames). */
    public String[] getTags() {
        return tags.clone();
    }

    /** Sets the window up (commons-math3's EmpiricalDistribution.load). */
    public void load(double[] values) {
        window = values.clone();
    }

    /** Contract when load was not called first: a field a method sets up. */
    public double first() {
        return window.length == 0 ? 0 : window[0];
    }

    /** Bug: only a constructor sets the prefix, and the other one leaves it null. */
    public String label() {
        return prefix.trim();
    }

    /** Initialises its field on first use. */
    public String cached() {
        if (cached == null) {
            cached = "feed";
        }
        return cached;
    }

    /** Bug: reads the field without the initialiser that sets it. */
    public int cachedLength() {
        return cached.length();
    }

    private java.util.List<String> fullHistoryLog;

    /** Sets the history up (as opencsv's AbstractMappingStrategy.setType builds its type tree). */
    public void keep(java.util.List<String> kept) {
        this.fullHistoryLog = new java.util.ArrayList<>(kept);
    }

    /**
     * Contract when keep was not called first: the unset history handed to a helper, which
     * names it by its last words (recursiveTypeTree as typeTree).
     */
    public int replay() {
        return sizeOf(fullHistoryLog);
    }

    /** Bug: its own search of the window finds no negative value and hands the null on. */
    public int negatives() {
        java.util.List<String> found = null;
        for (int i = 0; window != null && i < window.length; i++) {
            if (window[i] < 0) {
                found = java.util.List.of(Double.toString(window[i]));
            }
        }
        return lengthOf(found);
    }

    private static int sizeOf(java.util.List<String> historyLog) {
        return historyLog.size();
    }

    private static int lengthOf(java.util.List<String> found) {
        return found.size();
    }

    /** Bug: nothing ever sets the count of what was seen. */
    public int seen() {
        return seen.length();
    }
}
