/*
 * Lets harnesses written for Jazzer (taking com.code_intelligence.jazzer.api.FuzzedDataProvider
 * from jazzer-api on the class path) run with Jazzer's data layout: a dynamic proxy of Jazzer's
 * interface whose every method, the interface's default methods (pickValue, pickValues)
 * included, goes to JazzerLayout. The shim is compiled without jazzer-api, hence the proxy.
 *
 * Per call: one identity lookup of the Method (the proxy class passes the same Method objects
 * every time) to a small int, then a switch; no reflection.
 */
package com.jvmfuzz.shim.fuzz;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

final class JazzerAdapter implements InvocationHandler {
    private static final String[] METHODS = {
        "consumeBoolean()", "consumeBooleans(int)", "consumeByte()", "consumeByte(byte,byte)",
        "consumeBytes(int)", "consumeRemainingAsBytes()", "consumeShort()", "consumeShort(short,short)",
        "consumeShorts(int)", "consumeInt()", "consumeInt(int,int)", "consumeInts(int)",
        "consumeLong()", "consumeLong(long,long)", "consumeLongs(int)", "consumeFloat()",
        "consumeRegularFloat()", "consumeRegularFloat(float,float)", "consumeProbabilityFloat()",
        "consumeDouble()", "consumeRegularDouble()", "consumeRegularDouble(double,double)",
        "consumeProbabilityDouble()", "consumeChar()", "consumeChar(char,char)",
        "consumeCharNoSurrogates()", "consumeString(int)", "consumeRemainingAsString()",
        "consumeAsciiString(int)", "consumeRemainingAsAsciiString()", "remainingBytes()",
        "pickValue(Collection)", "pickValue(Object[])", "pickValue(boolean[])", "pickValue(byte[])",
        "pickValue(short[])", "pickValue(int[])", "pickValue(long[])", "pickValue(double[])",
        "pickValue(float[])", "pickValue(char[])", "pickValues(Collection,int)",
        "pickValues(Object[],int)", "hashCode()", "equals(Object)", "toString()",
    };
    private static final Map<String, Integer> BY_SIGNATURE = new HashMap<>();

    static {
        for (int i = 0; i < METHODS.length; i++) {
            BY_SIGNATURE.put(METHODS[i], i);
        }
    }

    /* Jazzer interface method -> index into METHODS (-1: unknown). Shared by every proxy. */
    private static final ConcurrentHashMap<Method, Integer> IDS = new ConcurrentHashMap<>();

    private final JazzerLayout fdp;

    private JazzerAdapter(JazzerLayout fdp) {
        this.fdp = fdp;
    }

    /** A proxy of `iface` (Jazzer's FuzzedDataProvider, from `loader`) reading from `fdp`. */
    static Object wrap(Class<?> iface, ClassLoader loader, JazzerLayout fdp) {
        return Proxy.newProxyInstance(loader, new Class<?>[] {iface}, new JazzerAdapter(fdp));
    }

    private static int id(Method m) {
        Integer id = IDS.get(m);
        if (id == null) {
            StringBuilder b = new StringBuilder(m.getName()).append('(');
            Class<?>[] ps = m.getParameterTypes();
            for (int i = 0; i < ps.length; i++) {
                b.append(i == 0 ? "" : ",").append(ps[i].getSimpleName());
            }
            id = BY_SIGNATURE.getOrDefault(b.append(')').toString(), -1);
            IDS.put(m, id);
        }
        return id;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object invoke(Object proxy, Method method, Object[] a) {
        JazzerLayout d = fdp;
        switch (id(method)) {
            case 0:
                return d.consumeBoolean();
            case 1:
                return d.consumeBooleans((Integer) a[0]);
            case 2:
                return d.consumeByte();
            case 3:
                return d.consumeByte((Byte) a[0], (Byte) a[1]);
            case 4:
                return d.consumeBytes((Integer) a[0]);
            case 5:
                return d.consumeRemainingAsBytes();
            case 6:
                return d.consumeShort();
            case 7:
                return d.consumeShort((Short) a[0], (Short) a[1]);
            case 8:
                return d.consumeShorts((Integer) a[0]);
            case 9:
                return d.consumeInt();
            case 10:
                return d.consumeInt((Integer) a[0], (Integer) a[1]);
            case 11:
                return d.consumeInts((Integer) a[0]);
            case 12:
                return d.consumeLong();
            case 13:
                return d.consumeLong((Long) a[0], (Long) a[1]);
            case 14:
                return d.consumeLongs((Integer) a[0]);
            case 15:
                return d.consumeFloat();
            case 16:
                return d.consumeRegularFloat();
            case 17:
                return d.consumeRegularFloat((Float) a[0], (Float) a[1]);
            case 18:
                return d.consumeProbabilityFloat();
            case 19:
                return d.consumeDouble();
            case 20:
                return d.consumeRegularDouble();
            case 21:
                return d.consumeRegularDouble((Double) a[0], (Double) a[1]);
            case 22:
                return d.consumeProbabilityDouble();
            case 23:
                return d.consumeChar();
            case 24:
                return d.consumeChar((Character) a[0], (Character) a[1]);
            case 25:
                return d.consumeCharNoSurrogates();
            case 26:
                return d.consumeString((Integer) a[0]);
            case 27:
                return d.consumeRemainingAsString();
            case 28:
                return d.consumeAsciiString((Integer) a[0]);
            case 29:
                return d.consumeRemainingAsAsciiString();
            case 30:
                return d.remainingBytes();
            case 31:
                return d.pickValue((Collection<Object>) a[0]);
            case 32:
                return d.pickValue((Object[]) a[0]);
            case 33: {
                boolean[] v = (boolean[]) a[0];
                return v[d.index(v.length)];
            }
            case 34: {
                byte[] v = (byte[]) a[0];
                return v[d.index(v.length)];
            }
            case 35: {
                short[] v = (short[]) a[0];
                return v[d.index(v.length)];
            }
            case 36: {
                int[] v = (int[]) a[0];
                return v[d.index(v.length)];
            }
            case 37: {
                long[] v = (long[]) a[0];
                return v[d.index(v.length)];
            }
            case 38: {
                double[] v = (double[]) a[0];
                return v[d.index(v.length)];
            }
            case 39: {
                float[] v = (float[]) a[0];
                return v[d.index(v.length)];
            }
            case 40: {
                char[] v = (char[]) a[0];
                return v[d.index(v.length)];
            }
            case 41:
                return d.pickValues((Collection<Object>) a[0], (Integer) a[1]);
            case 42:
                return d.pickValues((Object[]) a[0], (Integer) a[1]);
            case 43:
                return System.identityHashCode(proxy);
            case 44:
                return proxy == a[0];
            case 45:
                return "jvmfuzz FuzzedDataProvider (Jazzer's layout)";
            default:
                throw new UnsupportedOperationException("jvmfuzz does not implement " + method);
        }
    }
}
