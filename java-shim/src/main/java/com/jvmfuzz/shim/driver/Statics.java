/*
 * The static state a static method under test may change, put back before the next run. A
 * static setter (xz's ArrayCache.setDefaultCache) otherwise leaves what one run gave it to
 * every later run of every method: a ResettableArrayCache installed as the default keeps
 * every array later runs allocate, until the heap is full, and a finding then depends on which
 * runs came before. Only the declaring class's own non-final static fields are kept: what a
 * setter writes, cheaply read and written back per run.
 */
package com.jvmfuzz.shim.driver;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

public final class Statics {
    private Statics() {}

    /* The non-final static fields of a class, made accessible; none when the module system
     * refuses (a class of a named module that does not open its package). */
    private static final ClassValue<Field[]> FIELDS = new ClassValue<Field[]>() {
        @Override
        protected Field[] computeValue(Class<?> c) {
            java.util.List<Field> out = new java.util.ArrayList<>();
            Field[] declared;
            try {
                declared = c.getDeclaredFields();
            } catch (Throwable missing) {
                // A field type the class path lacks: nothing we can keep.
                return new Field[0];
            }
            for (Field f : declared) {
                int m = f.getModifiers();
                if (!Modifier.isStatic(m) || Modifier.isFinal(m)) {
                    continue;
                }
                try {
                    f.setAccessible(true);
                    out.add(f);
                } catch (RuntimeException closed) {
                    // InaccessibleObjectException: left as it is.
                }
            }
            return out.toArray(new Field[0]);
        }
    };

    private static Class<?> kept;
    private static Object[] values;

    /**
     * Called by a driver before it calls a static method of c that returns nothing or is
     * named set*: c's static fields as they are now, put back by {@link #restore}.
     */
    public static void keep(Class<?> c) {
        Field[] fs = FIELDS.get(c);
        if (fs.length == 0) {
            return;
        }
        Object[] v = new Object[fs.length];
        for (int i = 0; i < fs.length; i++) {
            try {
                v[i] = fs[i].get(null);
            } catch (IllegalAccessException | RuntimeException e) {
                // Not readable after all (or its class failed to initialise): not kept.
                return;
            }
        }
        kept = c;
        values = v;
    }

    /** Called before each run: the fields {@link #keep} saw, written back. */
    static void restore() {
        Class<?> c = kept;
        if (c == null) {
            return;
        }
        kept = null;
        Object[] v = values;
        values = null;
        Field[] fs = FIELDS.get(c);
        for (int i = 0; i < fs.length && i < v.length; i++) {
            try {
                fs[i].set(null, v[i]);
            } catch (IllegalAccessException | RuntimeException e) {
                // Not writable after all: the others still go back.
            }
        }
    }
}
