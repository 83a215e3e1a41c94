/*
 * Java source for a typed fuzz test's argument values, so a finding's reproducer is a plain
 * JUnit test with the values written out: literals, enums, arrays, collections, maps,
 * Optionals and records. Values with no literal form (streams, objects built through other
 * constructors or setters) render as null: the reproducer then says so.
 */
package com.jvmfuzz.junit;

import java.lang.reflect.Array;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.jvmfuzz.shim.driver.TypedValues;

final class Literals {
    private Literals() {}

    static String of(Object v, Type type) {
        if (v == null) {
            return "null";
        }
        if (v instanceof String) {
            return TypedValues.stringLiteral((String) v);
        }
        if (v instanceof Character) {
            return TypedValues.charLiteral((Character) v);
        }
        if (v instanceof Boolean || v instanceof Integer) {
            return v.toString();
        }
        if (v instanceof Long) {
            return v + "L";
        }
        if (v instanceof Byte) {
            return "(byte) " + v;
        }
        if (v instanceof Short) {
            return "(short) " + v;
        }
        if (v instanceof Double) {
            return TypedValues.doubleLiteral((Double) v);
        }
        if (v instanceof Float) {
            return TypedValues.floatLiteral((Float) v);
        }
        if (v instanceof Enum) {
            return ((Enum<?>) v).getDeclaringClass().getCanonicalName() + "." + ((Enum<?>) v).name();
        }
        if (v instanceof java.math.BigInteger) {
            return "new java.math.BigInteger(\"" + v + "\")";
        }
        if (v instanceof java.math.BigDecimal) {
            return "new java.math.BigDecimal(\"" + v + "\")";
        }
        if (v.getClass().isArray()) {
            Class<?> ct = v.getClass().getComponentType();
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < Array.getLength(v); i++) {
                String e = of(Array.get(v, i), ct);
                if (e == null) {
                    return null;
                }
                parts.add(e);
            }
            return "new " + ct.getCanonicalName() + "[] {" + String.join(", ", parts) + "}";
        }
        if (v instanceof Optional) {
            Optional<?> o = (Optional<?>) v;
            if (o.isEmpty()) {
                return "java.util.Optional.empty()";
            }
            String e = of(o.get(), argument(type, 0));
            return e == null ? null : "java.util.Optional.of(" + e + ")";
        }
        if (v instanceof Collection) {
            List<String> parts = new ArrayList<>();
            for (Object e : (Collection<?>) v) {
                String s = of(e, argument(type, 0));
                if (s == null) {
                    return null;
                }
                parts.add(s);
            }
            String kind = v instanceof java.util.Set ? (v instanceof java.util.SortedSet ? "java.util.TreeSet" : "java.util.LinkedHashSet")
                    : v instanceof java.util.LinkedList ? "java.util.LinkedList" : "java.util.ArrayList";
            // Arrays.asList keeps nulls, which List.of refuses.
            return "new " + kind + "<>(java.util.Arrays.asList(" + String.join(", ", parts) + "))";
        }
        if (v instanceof Map) {
            StringBuilder b = new StringBuilder("new java.util.LinkedHashMap<>() {{ ");
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                String k = of(e.getKey(), argument(type, 0));
                String val = of(e.getValue(), argument(type, 1));
                if (k == null || val == null) {
                    return null;
                }
                b.append("put(").append(k).append(", ").append(val).append("); ");
            }
            return b.append("}}").toString();
        }
        return record(v);
    }

    /* A record as `new Type(components...)`, or null if it is not one or a component has no literal. */
    private static String record(Object v) {
        Class<?> c = v.getClass();
        if (c.getSuperclass() == null || !c.getSuperclass().getName().equals("java.lang.Record")) {
            return null;
        }
        try {
            Object[] components = (Object[]) Class.class.getMethod("getRecordComponents").invoke(c);
            List<String> parts = new ArrayList<>();
            for (Object rc : components) {
                java.lang.reflect.Method accessor = (java.lang.reflect.Method) rc.getClass().getMethod("getAccessor").invoke(rc);
                Type type = (Type) rc.getClass().getMethod("getGenericType").invoke(rc);
                accessor.setAccessible(true);
                String e = of(accessor.invoke(v), type);
                if (e == null) {
                    return null;
                }
                parts.add(e);
            }
            return "new " + c.getCanonicalName() + "(" + String.join(", ", parts) + ")";
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static Type argument(Type t, int i) {
        if (t instanceof ParameterizedType) {
            Type[] a = ((ParameterizedType) t).getActualTypeArguments();
            if (i < a.length) {
                return a[i];
            }
        }
        return Object.class;
    }
}
