package contract;

import java.lang.invoke.MethodHandleProxies;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * Reflection the JDK refuses before the member runs (Method.invoke of an instance method
 * without a receiver): on a member the caller named (contract), and on one the library chose
 * itself (a bug).
 */
public class Invoke {
    /** An instance method: invoking it without a receiver fails in Method.invoke. */
    public int size() {
        return 1;
    }

    /** Invokes the static method of this class with the name it is given. */
    public static Object named(String name) throws ReflectiveOperationException {
        for (Method m : Invoke.class.getMethods()) {
            if (m.getName().equals(name) && m.getParameterCount() == 0) {
                return m.invoke(null);
            }
        }
        return null;
    }

    /** Contract: a Runnable of the static method the caller names; the JDK refuses one with parameters. */
    public static Runnable runnable(String name) throws ReflectiveOperationException {
        for (Method m : Invoke.class.getMethods()) {
            if (m.getName().equals(name) && Modifier.isStatic(m.getModifiers())) {
                return MethodHandleProxies.asInterfaceInstance(Runnable.class, MethodHandles.publicLookup().unreflect(m));
            }
        }
        return null;
    }

    /** Invokes size() as if it were static, on one value. */
    public static Object own(int x) throws ReflectiveOperationException {
        if (x == 31337) {
            return Invoke.class.getMethod("size").invoke(null);
        }
        return x;
    }
}
