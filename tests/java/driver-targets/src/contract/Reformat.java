package contract;

/**
 * A Format of its own: format rejects what is no Integer (its argument check), and reformat
 * formats what its parser returned, through java.text.Format's inherited format(Object): null
 * for text that is no number, which its own check then rejects (a bug, as commons-lang3's
 * CompositeFormat.reformat).
 */
public final class Reformat extends java.text.Format {
    private static final long serialVersionUID = 1L;

    @Override
    public StringBuffer format(Object obj, StringBuffer to, java.text.FieldPosition pos) {
        if (!(obj instanceof Integer)) {
            throw new IllegalArgumentException("Unknown class: " + obj);
        }
        return to.append(obj);
    }

    @Override
    public Object parseObject(String source, java.text.ParsePosition pos) {
        try {
            Integer v = Integer.valueOf(source.trim());
            pos.setIndex(source.length());
            return v;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Contract: rejects what is no Integer (format's own check, called straight). */
    public String formatValue(Object value) {
        return format(value, new StringBuffer(), new java.text.FieldPosition(0)).toString();
    }

    /** Bug: text that is no number parses to null, and formatting null fails. */
    public String reformat(String source) {
        return format(parseObject(source, new java.text.ParsePosition(0)));
    }
}
