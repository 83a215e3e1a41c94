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

    public Feed() {}

    public Feed(Iterator<String> source) {
        this.source = source;
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

    /** Bug: nothing ever sets the count of what was seen. */
    public int seen() {
        return seen.length();
    }
}
