package rw;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Type annotations inside code: their offset and local-variable targets must be remapped. */
public class TypeAnno {
    @Target(ElementType.TYPE_USE)
    @Retention(RetentionPolicy.RUNTIME)
    @interface TU {}

    @Target(ElementType.TYPE_USE)
    @Retention(RetentionPolicy.CLASS)
    @interface TI {}

    static String annotated(Object o, int k) {
        @TU String s = k > 0 ? "pos" : "neg";
        @TI Object made = k > 1 ? new @TU StringBuilder(s) : new @TI Object();
        if (o instanceof @TU String) {
            s = s + ((@TU String) o).length();
        }
        try {
            if (k > 2) {
                throw new IllegalStateException("k");
            }
        } catch (@TU IllegalStateException e) {
            s = s + e.getMessage();
        }
        return s + (made instanceof StringBuilder);
    }

    static void run() {
        System.out.println("typeanno " + annotated("abc", 3) + annotated(5, 0) + annotated("x", 2));
    }
}
