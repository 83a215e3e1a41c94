package ext;

/**
 * A format registry, as libraries that pick a format by file name keep one (commons-imaging's
 * ImageFormats). The extension is an array element, not a compile-time constant, so "qzx" is in
 * this class's constant pool only, never in Loader's.
 */
public final class Formats {
    private Formats() {}

    static final String[] ACCEPTED = {"qzx"};
}
