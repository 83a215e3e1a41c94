/*
 * The heap's shadows for one execution: array elements and string chars (per object
 * identity), instance fields (per object identity and field key), static fields (per key) and
 * boxed Integers. Identity maps only: the target's equals/hashCode must never run from here.
 * Created lazily, dropped by reset; owner thread only.
 *
 * Element widths: byte[]/boolean[] 8, char[]/short[]/String 16, int[] 32, long[] 64. A store of
 * a concrete value clears the element's shadow; a shadow array that becomes all-null stays (it
 * costs little and is usually written again).
 */
package com.jvmfuzz.shim.sym;

import java.util.HashMap;
import java.util.IdentityHashMap;

final class Shadows {
    private Shadows() {}

    private static IdentityHashMap<Object, Expr[]> arrays;
    private static IdentityHashMap<String, Expr[]> strings;
    private static IdentityHashMap<Object, HashMap<Integer, Expr>> fields;
    private static HashMap<Integer, Expr> statics;
    private static IdentityHashMap<Object, Expr> boxes;
    private static IdentityHashMap<Object, Object> streams;

    static void reset() {
        streams = null;
        arrays = null;
        strings = null;
        fields = null;
        statics = null;
        boxes = null;
    }

    // ------------------------------------------------------------------ arrays

    /** The element shadows of `array`, or null if it has none. */
    static Expr[] elements(Object array) {
        return arrays == null || array == null ? null : arrays.get(array);
    }

    static Expr element(Object array, int i) {
        Expr[] s = elements(array);
        return s != null && i >= 0 && i < s.length ? s[i] : null;
    }

    /** Sets element i of an array of `length` elements (a null shadow clears it). */
    static void setElement(Object array, int length, int i, Expr e) {
        if (array == null || i < 0 || i >= length) {
            return;
        }
        Expr[] s = elements(array);
        if (s == null) {
            if (e == null) {
                return;
            }
            s = new Expr[length];
            put(array, s);
        }
        s[i] = e;
    }

    /** Replaces all element shadows of `array` (null, or an array of its length). */
    static void setElements(Object array, Expr[] shadows) {
        if (array == null) {
            return;
        }
        if (shadows == null || allNull(shadows)) {
            if (arrays != null) {
                arrays.remove(array);
            }
            return;
        }
        put(array, shadows);
    }

    private static void put(Object array, Expr[] s) {
        if (arrays == null) {
            arrays = new IdentityHashMap<>();
        }
        arrays.put(array, s);
    }

    static boolean allNull(Expr[] s) {
        for (Expr e : s) {
            if (e != null) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ strings

    static Expr[] string(String s) {
        return strings == null || s == null ? null : strings.get(s);
    }

    /** The shadow of s.charAt(i) if it has one whose value is that char. */
    static Expr charAt(String s, int i) {
        Expr[] cs = string(s);
        if (cs == null || i < 0 || i >= cs.length) {
            return null;
        }
        Expr e = cs[i];
        if (e != null && !e.holds(s.charAt(i))) {
            Trace.mismatches++;
            return null;
        }
        return e;
    }

    /**
     * Gives `s` the char shadows `cs` (its length). Strings shared by value (literals, "") must
     * never get one: callers pass only strings they know to be new objects, and the empty
     * string never gets any.
     */
    static void setString(String s, Expr[] cs) {
        if (s == null || s.isEmpty() || cs == null || cs.length != s.length() || allNull(cs)) {
            return;
        }
        if (strings == null) {
            strings = new IdentityHashMap<>();
        }
        strings.put(s, cs);
    }

    // ------------------------------------------------------------------ fields

    static Expr field(Object obj, int key) {
        if (fields == null || obj == null) {
            return null;
        }
        HashMap<Integer, Expr> f = fields.get(obj);
        return f == null ? null : f.get(key);
    }

    static void setField(Object obj, int key, Expr e) {
        if (obj == null) {
            return;
        }
        if (fields == null) {
            if (e == null) {
                return;
            }
            fields = new IdentityHashMap<>();
        }
        HashMap<Integer, Expr> f = fields.get(obj);
        if (f == null) {
            if (e == null) {
                return;
            }
            f = new HashMap<>();
            fields.put(obj, f);
        }
        if (e == null) {
            f.remove(key);
        } else {
            f.put(key, e);
        }
    }

    static Expr getStatic(int key) {
        return statics == null ? null : statics.get(key);
    }

    static void setStatic(int key, Expr e) {
        if (statics == null) {
            if (e == null) {
                return;
            }
            statics = new HashMap<>();
        }
        if (e == null) {
            statics.remove(key);
        } else {
            statics.put(key, e);
        }
    }

    // ------------------------------------------------------------------ boxes

    /*
     * Streams over input bytes, by identity: a ByteArrayInputStream maps to {array, end} (an
     * Object[]), a DataInputStream to the stream it reads. The position is never stored: it is
     * end - available() at the time of a read, which the stream itself keeps right.
     */
    static Object stream(Object s) {
        return streams == null || s == null ? null : streams.get(s);
    }

    static void setStream(Object s, Object what) {
        if (s == null || what == null) {
            return;
        }
        if (streams == null) {
            streams = new IdentityHashMap<>();
        }
        streams.put(s, what);
    }

    /*
     * Boxes are shadowed by identity. Integer.valueOf caches small values, so two boxings of
     * the same number share one object: the last boxing's shadow wins (its value is the same,
     * only its derivation may differ).
     */
    static Expr box(Object box) {
        return boxes == null || box == null ? null : boxes.get(box);
    }

    static void setBox(Object box, Expr e) {
        if (box == null) {
            return;
        }
        if (boxes == null) {
            if (e == null) {
                return;
            }
            boxes = new IdentityHashMap<>();
        }
        if (e == null) {
            boxes.remove(box);
        } else {
            boxes.put(box, e);
        }
    }
}
