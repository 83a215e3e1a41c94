/*
 * A fuzz test's arguments from the fuzzer's bytes. byte[] alone gets the bytes; a
 * FuzzedDataProvider (com.jvmfuzz.junit's or Jazzer's, both in Jazzer's data layout) gets a
 * provider over them;
 * anything else is typed: each parameter is decoded from the bytes by the drivers' typed values
 * (com.jvmfuzz.shim.driver.TypedValues: raw, boundary, constant or observed values), so the
 * same bytes always give the same values and a saved input replays them.
 *
 * Types: primitives and their boxes, String, enums, arrays, List/Set/Map/Collection and their
 * common implementations, Optional, BigInteger/BigDecimal and other JDK value types, records
 * (canonical constructor), and classes built through a public constructor (beans also through
 * their setters), up to MAX_DEPTH levels deep. Reference values are null now and then unless
 * @NotNull. Constraints are read by annotation name, so Jazzer's
 * (com.code_intelligence.jazzer.mutation.annotation) and ours (com.jvmfuzz.junit) both work:
 * @NotNull, @InRange, @Positive, @Negative, @NonNegative, @NonPositive, @DoubleInRange,
 * @FloatInRange, @Finite, @WithLength, @WithUtf8Length, @WithSize, @Ascii; and ours only,
 * @Grammar (a String or byte[] derived from a grammar file).
 *
 * A parameter type that cannot be built is reported when the fuzz test starts, naming it. An
 * input whose values a constructor or setter refuses (it throws) is skipped, not a finding.
 */
package com.jvmfuzz.junit;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedArrayType;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.jvmfuzz.shim.driver.TypedValues;
import com.jvmfuzz.shim.fuzz.Runner;

final class Arguments {
    static final int MAX_DEPTH = 3;
    static final int DEFAULT_MAX_SIZE = 8;
    private static final String JAZZER_FDP = "com.code_intelligence.jazzer.api.FuzzedDataProvider";
    private static final String OUR_FDP = "com.jvmfuzz.shim.fuzz.FuzzedDataProvider";
    private static final String JUNIT_FDP = "com.jvmfuzz.junit.FuzzedDataProvider";

    private enum Kind { BYTES, PROVIDER, TYPED }

    private final Kind kind;
    private final Class<?> providerType;
    private final Gen[] gens;
    private final Parameter[] parameters;

    private Arguments(Kind kind, Class<?> providerType, Gen[] gens, Parameter[] parameters) {
        this.kind = kind;
        this.providerType = providerType;
        this.gens = gens;
        this.parameters = parameters;
    }

    /* How to decode `method`'s arguments; IllegalArgumentException names a parameter it cannot build. */
    static Arguments of(Method method) {
        Parameter[] ps = method.getParameters();
        if (ps.length == 0) {
            throw new IllegalArgumentException(method.getDeclaringClass().getName() + "." + method.getName()
                    + ": a fuzz test takes at least one parameter (byte[], a FuzzedDataProvider, or typed values)");
        }
        if (ps.length == 1 && ps[0].getType() == byte[].class && !hasConstraints(ps[0])) {
            return new Arguments(Kind.BYTES, null, null, ps);
        }
        String only = ps.length == 1 ? ps[0].getType().getName() : "";
        if (only.equals(JAZZER_FDP) || only.equals(OUR_FDP) || only.equals(JUNIT_FDP)) {
            return new Arguments(Kind.PROVIDER, ps[0].getType(), null, ps);
        }
        Gen[] gens = new Gen[ps.length];
        for (int i = 0; i < ps.length; i++) {
            List<Annotation> own = new ArrayList<>(Arrays.asList(ps[i].getAnnotations()));
            try {
                gens[i] = gen(ps[i].getAnnotatedType(), own, 0);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(method.getDeclaringClass().getName() + "." + method.getName()
                        + ", parameter " + (i + 1) + " (" + ps[i].getParameterizedType().getTypeName() + "): "
                        + e.getMessage(), e);
            }
        }
        return new Arguments(Kind.TYPED, null, gens, ps);
    }

    private static boolean hasConstraints(Parameter p) {
        return p.getAnnotations().length > 0 || p.getAnnotatedType().getAnnotations().length > 0;
    }

    boolean typed() {
        return kind == Kind.TYPED;
    }

    /* Its one parameter is a FuzzedDataProvider (Jazzer's, ours, or the JUnit integration's). */
    boolean provider() {
        return kind == Kind.PROVIDER;
    }

    /* The arguments for one execution. */
    Object[] decode(byte[] data) throws Throwable {
        switch (kind) {
            case BYTES:
                return new Object[] {data};
            case PROVIDER:
                return new Object[] {Runner.dataProvider(providerType, data)};
            default:
                TypedValues tv = new TypedValues(data);
                Object[] args = new Object[gens.length];
                for (int i = 0; i < gens.length; i++) {
                    args[i] = gens[i].make(tv);
                }
                return args;
        }
    }

    /* Values a parameter gets when JUnit asks before the fuzzer runs (never used for a call). */
    static Object placeholder(Class<?> type) {
        if (!type.isPrimitive()) {
            return null;
        }
        if (type == boolean.class) {
            return false;
        }
        if (type == char.class) {
            return '\0';
        }
        return Array.get(Array.newInstance(type, 1), 0);
    }

    // ---- generators ----

    interface Gen {
        Object make(TypedValues tv) throws Throwable;
    }

    private static Gen gen(AnnotatedType at, List<Annotation> extra, int depth) {
        List<Annotation> anns = new ArrayList<>(extra);
        anns.addAll(Arrays.asList(at.getAnnotations()));
        Type t = at.getType();
        Class<?> raw = rawClass(t);
        Gen g = nonNull(at, raw, anns, depth);
        // A value derived from a grammar is never null.
        if (raw.isPrimitive() || find(anns, "NotNull") != null || find(anns, "Nonnull") != null
                || find(anns, "Grammar") != null) {
            return g;
        }
        // Jazzer's mutators make a nullable value null now and then; exhausted input (zeros) is never null.
        return tv -> (tv.int8() & 0xff) == 0xff ? null : g.make(tv);
    }

    private static Class<?> rawClass(Type t) {
        if (t instanceof Class) {
            return (Class<?>) t;
        }
        if (t instanceof ParameterizedType) {
            return (Class<?>) ((ParameterizedType) t).getRawType();
        }
        if (t instanceof java.lang.reflect.GenericArrayType) {
            Class<?> c = rawClass(((java.lang.reflect.GenericArrayType) t).getGenericComponentType());
            return Array.newInstance(c, 0).getClass();
        }
        if (t instanceof java.lang.reflect.WildcardType) {
            return rawClass(((java.lang.reflect.WildcardType) t).getUpperBounds()[0]);
        }
        if (t instanceof java.lang.reflect.TypeVariable) {
            return rawClass(((java.lang.reflect.TypeVariable<?>) t).getBounds()[0]);
        }
        throw new IllegalArgumentException("unsupported type " + t.getTypeName());
    }

    private static Gen nonNull(AnnotatedType at, Class<?> c, List<Annotation> anns, int depth) {
        if (c == boolean.class || c == Boolean.class) {
            return TypedValues::bool;
        }
        if (c == byte.class || c == Byte.class) {
            long[] r = range(anns, Byte.MIN_VALUE, Byte.MAX_VALUE);
            return tv -> (byte) fit(tv.int8(), r);
        }
        if (c == short.class || c == Short.class) {
            long[] r = range(anns, Short.MIN_VALUE, Short.MAX_VALUE);
            return tv -> (short) fit(tv.int16(), r);
        }
        if (c == int.class || c == Integer.class) {
            long[] r = range(anns, Integer.MIN_VALUE, Integer.MAX_VALUE);
            return tv -> (int) fit(tv.int32(), r);
        }
        if (c == long.class || c == Long.class) {
            long[] r = range(anns, Long.MIN_VALUE, Long.MAX_VALUE);
            return tv -> fit(tv.int64(), r);
        }
        if (c == char.class || c == Character.class) {
            long[] r = range(anns, Character.MIN_VALUE, Character.MAX_VALUE);
            return tv -> (char) fit(tv.char16(), r);
        }
        if (c == double.class || c == Double.class) {
            double[] r = doubleRange(anns, "DoubleInRange");
            return tv -> fitDouble(tv.float64(), r);
        }
        if (c == float.class || c == Float.class) {
            double[] r = doubleRange(anns, "FloatInRange");
            return tv -> (float) fitDouble(tv.float32(), r);
        }
        Annotation grammar = find(anns, "Grammar");
        if (grammar != null && (c == String.class || c == CharSequence.class || c == byte[].class)) {
            String file = new java.io.File(String.valueOf(element(grammar, "value"))).getAbsolutePath();
            Object start = element(grammar, "start");
            String rule = start == null ? "" : start.toString();
            checkGrammar(file, rule);
            if (c == byte[].class) {
                return tv -> tv.grammarBytes(file, rule);
            }
            return tv -> tv.grammarString(file, rule);
        }
        if (c == String.class || c == CharSequence.class) {
            int[] len = lengthRange(anns, "WithLength", "WithUtf8Length");
            boolean ascii = find(anns, "Ascii") != null;
            return tv -> fitString(tv.string(), len, ascii);
        }
        if (c == byte[].class) {
            int[] len = lengthRange(anns, "WithLength", "WithSize");
            return tv -> fitBytes(tv.bytes(), len);
        }
        if (c.isEnum()) {
            return tv -> enumValue(tv, c);
        }
        if (c.isArray()) {
            AnnotatedType element = at instanceof AnnotatedArrayType
                    ? ((AnnotatedArrayType) at).getAnnotatedGenericComponentType() : null;
            Class<?> ec = c.getComponentType();
            Gen eg = element != null ? gen(element, List.of(), depth + 1) : gen(plain(ec), List.of(), depth + 1);
            int[] size = lengthRange(anns, "WithSize", "WithLength");
            return tv -> {
                int n = sized(tv, size);
                Object a = Array.newInstance(ec, n);
                for (int i = 0; i < n; i++) {
                    Array.set(a, i, eg.make(tv));
                }
                return a;
            };
        }
        if (c == Optional.class) {
            Gen eg = typeArgument(at, 0, depth);
            return tv -> tv.bool() ? Optional.ofNullable(eg.make(tv)) : Optional.empty();
        }
        if (c == List.class || c == Collection.class || c == Iterable.class || c == ArrayList.class
                || c == java.util.LinkedList.class) {
            Gen eg = typeArgument(at, 0, depth);
            int[] size = lengthRange(anns, "WithSize", "WithLength");
            boolean linked = c == java.util.LinkedList.class;
            return tv -> {
                int n = sized(tv, size);
                List<Object> l = linked ? new java.util.LinkedList<>() : new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    l.add(eg.make(tv));
                }
                return l;
            };
        }
        if (c == Set.class || c == java.util.HashSet.class || c == LinkedHashSet.class
                || c == java.util.SortedSet.class || c == java.util.TreeSet.class) {
            Gen eg = typeArgument(at, 0, depth);
            int[] size = lengthRange(anns, "WithSize", "WithLength");
            boolean sorted = c == java.util.SortedSet.class || c == java.util.TreeSet.class;
            return tv -> {
                int n = sized(tv, size);
                Set<Object> s = sorted ? new java.util.TreeSet<>() : new LinkedHashSet<>();
                for (int i = 0; i < n; i++) {
                    Object e = eg.make(tv);
                    if (e != null || !sorted) {
                        s.add(e);
                    }
                }
                return s;
            };
        }
        if (c == Map.class || c == java.util.HashMap.class || c == LinkedHashMap.class
                || c == java.util.SortedMap.class || c == java.util.TreeMap.class) {
            Gen kg = typeArgument(at, 0, depth);
            Gen vg = typeArgument(at, 1, depth);
            int[] size = lengthRange(anns, "WithSize", "WithLength");
            boolean sorted = c == java.util.SortedMap.class || c == java.util.TreeMap.class;
            return tv -> {
                int n = sized(tv, size);
                Map<Object, Object> m = sorted ? new java.util.TreeMap<>() : new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    Object k = kg.make(tv);
                    Object v = vg.make(tv);
                    if (k != null || !sorted) {
                        m.put(k, v);
                    }
                }
                return m;
            };
        }
        Gen jdk = jdkValue(c);
        if (jdk != null) {
            return jdk;
        }
        if (c.getName().startsWith("java.") || c.isInterface() || Modifier.isAbstract(c.getModifiers())) {
            throw new IllegalArgumentException("cannot build a " + c.getName()
                    + " (give a concrete class, a record, or a type listed in the docs)");
        }
        return constructed(c, depth);
    }

    private static AnnotatedType plain(Class<?> c) {
        return new AnnotatedType() {
            public Type getType() {
                return c;
            }

            public <T extends Annotation> T getAnnotation(Class<T> a) {
                return null;
            }

            public Annotation[] getAnnotations() {
                return new Annotation[0];
            }

            public Annotation[] getDeclaredAnnotations() {
                return new Annotation[0];
            }
        };
    }

    private static Gen typeArgument(AnnotatedType at, int i, int depth) {
        if (at instanceof AnnotatedParameterizedType) {
            AnnotatedType[] args = ((AnnotatedParameterizedType) at).getAnnotatedActualTypeArguments();
            if (i < args.length) {
                return gen(args[i], List.of(), depth + 1);
            }
        }
        throw new IllegalArgumentException(at.getType().getTypeName() + " needs its type arguments (e.g. List<String>)");
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumValue(TypedValues tv, Class<?> c) {
        return tv.enumValue((Class) c);
    }

    private static Gen jdkValue(Class<?> c) {
        if (c == java.math.BigInteger.class) {
            return TypedValues::bigInteger;
        }
        if (c == java.math.BigDecimal.class) {
            return TypedValues::bigDecimal;
        }
        if (c == java.util.UUID.class) {
            return TypedValues::uuid;
        }
        if (c == java.net.URI.class) {
            return TypedValues::uri;
        }
        if (c == java.time.Instant.class) {
            return TypedValues::instant;
        }
        if (c == java.time.Duration.class) {
            return TypedValues::duration;
        }
        if (c == java.time.LocalDate.class) {
            return TypedValues::localDate;
        }
        if (c == java.time.LocalTime.class) {
            return TypedValues::localTime;
        }
        if (c == java.time.LocalDateTime.class) {
            return TypedValues::localDateTime;
        }
        if (c == java.util.Locale.class) {
            return TypedValues::locale;
        }
        if (c == java.nio.charset.Charset.class) {
            return TypedValues::charset;
        }
        if (c == java.nio.ByteBuffer.class) {
            return TypedValues::byteBuffer;
        }
        if (c == java.io.InputStream.class) {
            return TypedValues::inputStream;
        }
        if (c == java.io.Reader.class) {
            return TypedValues::reader;
        }
        if (c == java.util.regex.Pattern.class) {
            return TypedValues::pattern;
        }
        if (c == Object.class) {
            return TypedValues::string;
        }
        return null;
    }

    /*
     * A record through its canonical constructor; any other class through one of its public
     * constructors (the fuzzer's choice), then, for a bean, some of its public setters.
     */
    private static Gen constructed(Class<?> c, int depth) {
        if (depth >= MAX_DEPTH) {
            return tv -> null;
        }
        Constructor<?>[] ctors = recordConstructor(c);
        if (ctors == null) {
            ctors = c.getConstructors();
            Arrays.sort(ctors, (a, b) -> a.toGenericString().compareTo(b.toGenericString()));
        }
        if (ctors.length == 0 || (c.isMemberClass() && !Modifier.isStatic(c.getModifiers()))) {
            throw new IllegalArgumentException("cannot build a " + c.getName() + ": no public constructor");
        }
        Constructor<?>[] cs = ctors;
        Gen[][] argGens = new Gen[cs.length][];
        for (int k = 0; k < cs.length; k++) {
            AnnotatedType[] ps = cs[k].getAnnotatedParameterTypes();
            argGens[k] = new Gen[ps.length];
            for (int i = 0; i < ps.length; i++) {
                argGens[k][i] = gen(ps[i], Arrays.asList(cs[k].getParameters()[i].getAnnotations()), depth + 1);
            }
        }
        List<Method> setters = new ArrayList<>();
        List<Gen> setterGens = new ArrayList<>();
        for (Method m : c.getMethods()) {
            if (m.getName().startsWith("set") && m.getParameterCount() == 1 && !Modifier.isStatic(m.getModifiers())
                    && m.getDeclaringClass() != Object.class) {
                try {
                    Gen g = gen(m.getAnnotatedParameterTypes()[0], List.of(), depth + 1);
                    setters.add(m);
                    setterGens.add(g);
                } catch (IllegalArgumentException unbuildable) {
                    // a setter of a type we cannot build is left out
                }
            }
        }
        setters.sort((a, b) -> a.toGenericString().compareTo(b.toGenericString()));
        return tv -> {
            int k = tv.choice(cs.length);
            Object[] args = new Object[argGens[k].length];
            for (int i = 0; i < args.length; i++) {
                args[i] = argGens[k][i].make(tv);
            }
            Object o;
            try {
                o = cs[k].newInstance(args);
            } catch (InvocationTargetException e) {
                throw new Rejected(cs[k], e.getCause());
            }
            if (args.length == 0) {
                for (int i = 0; i < setters.size(); i++) {
                    if (tv.bool()) {
                        try {
                            setters.get(i).invoke(o, setterGens.get(i).make(tv));
                        } catch (InvocationTargetException e) {
                            throw new Rejected(setters.get(i), e.getCause());
                        }
                    }
                }
            }
            return o;
        };
    }

    /* The canonical constructor of a record (found reflectively: this compiles for Java 11). */
    private static Constructor<?>[] recordConstructor(Class<?> c) {
        if (c.getSuperclass() == null || !c.getSuperclass().getName().equals("java.lang.Record")) {
            return null;
        }
        try {
            Object[] components = (Object[]) Class.class.getMethod("getRecordComponents").invoke(c);
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                types[i] = (Class<?>) components[i].getClass().getMethod("getType").invoke(components[i]);
            }
            Constructor<?> k = c.getDeclaredConstructor(types);
            k.setAccessible(true);
            return new Constructor<?>[] {k};
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /*
     * A constructor or setter refused the values it was given (a class validating its input):
     * the input makes no arguments, which is not a finding of the fuzz test. FuzzTarget skips
     * such inputs; a replay of one passes.
     */
    static final class Rejected extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Rejected(java.lang.reflect.Executable by, Throwable why) {
            super(by + " refused the fuzzer's values: " + why, why, false, false);
        }
    }

    /* A grammar that cannot be used fails the test when it starts, naming the file and what to
     * fix, not in every execution. Before the engine is ready the native is unbound: the first
     * execution then reports it. */
    private static void checkGrammar(String file, String rule) {
        try {
            com.jvmfuzz.shim.fuzz.Grammars.derive(file, rule, new byte[0]);
        } catch (UnsatisfiedLinkError notYet) {
            // Checked on first use instead.
        }
    }

    // ---- constraints ----

    /* The annotation named `simpleName` from Jazzer's package or ours (or any, for NotNull). */
    static Annotation find(List<Annotation> anns, String simpleName) {
        for (Annotation a : anns) {
            if (a.annotationType().getSimpleName().equals(simpleName)) {
                return a;
            }
        }
        return null;
    }

    private static Object element(Annotation a, String name) {
        try {
            return a.annotationType().getMethod(name).invoke(a);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    private static long[] range(List<Annotation> anns, long lo, long hi) {
        Annotation r = find(anns, "InRange");
        if (r != null) {
            Object min = element(r, "min");
            Object max = element(r, "max");
            if (min instanceof Number) {
                lo = Math.max(lo, ((Number) min).longValue());
            }
            if (max instanceof Number) {
                hi = Math.min(hi, ((Number) max).longValue());
            }
        }
        if (find(anns, "Positive") != null) {
            lo = Math.max(lo, 1);
        }
        if (find(anns, "NonNegative") != null) {
            lo = Math.max(lo, 0);
        }
        if (find(anns, "Negative") != null) {
            hi = Math.min(hi, -1);
        }
        if (find(anns, "NonPositive") != null) {
            hi = Math.min(hi, 0);
        }
        if (lo > hi) {
            throw new IllegalArgumentException("empty range [" + lo + ", " + hi + "]");
        }
        return new long[] {lo, hi};
    }

    /* v folded into [lo, hi]; a value already inside is kept (so comparison operands stay). */
    static long fit(long v, long[] r) {
        long lo = r[0];
        long span = r[1] - lo + 1; // unsigned; 0 stands for all 2^64 values
        if ((v >= lo && v <= r[1]) || span == 0) {
            return v;
        }
        return lo + Long.remainderUnsigned(v - lo, span);
    }

    private static double[] doubleRange(List<Annotation> anns, String name) {
        Annotation r = find(anns, name);
        double lo = Double.NEGATIVE_INFINITY;
        double hi = Double.POSITIVE_INFINITY;
        boolean nan = true;
        if (r != null) {
            lo = ((Number) element(r, "min")).doubleValue();
            hi = ((Number) element(r, "max")).doubleValue();
            Object allow = element(r, "allowNaN");
            nan = !(allow instanceof Boolean) || (Boolean) allow;
        }
        if (find(anns, "Finite") != null) {
            nan = false;
            lo = Math.max(lo, -Double.MAX_VALUE);
            hi = Math.min(hi, Double.MAX_VALUE);
        }
        return new double[] {lo, hi, nan ? 1 : 0};
    }

    static double fitDouble(double v, double[] r) {
        double lo = r[0];
        double hi = r[1];
        if (Double.isNaN(v)) {
            return r[2] != 0 ? v : Math.max(lo, Math.min(hi, 0));
        }
        if (v >= lo && v <= hi) {
            return v;
        }
        double span = hi - lo;
        if (Double.isInfinite(span) || Double.isInfinite(v) || span == 0) {
            return v < lo ? lo : hi;
        }
        return lo + Math.abs(v - lo) % span;
    }

    private static int[] lengthRange(List<Annotation> anns, String... names) {
        for (String n : names) {
            Annotation a = find(anns, n);
            if (a != null) {
                int lo = ((Number) element(a, "min")).intValue();
                int hi = ((Number) element(a, "max")).intValue();
                if (lo < 0 || lo > hi) {
                    throw new IllegalArgumentException("@" + n + "(min = " + lo + ", max = " + hi + "): an empty range");
                }
                return new int[] {lo, hi};
            }
        }
        return null;
    }

    private static int sized(TypedValues tv, int[] size) {
        int n = tv.size();
        if (size == null) {
            return n;
        }
        int span = size[1] - size[0] + 1;
        return size[0] + (span <= DEFAULT_MAX_SIZE + 1 ? n % span : n);
    }

    private static String fitString(String s, int[] len, boolean ascii) {
        if (ascii) {
            StringBuilder b = new StringBuilder(s.length());
            for (int i = 0; i < s.length(); i++) {
                b.append((char) (s.charAt(i) & 0x7f));
            }
            s = b.toString();
        }
        if (len == null) {
            return s;
        }
        if (s.length() > len[1]) {
            s = s.substring(0, len[1]);
        }
        StringBuilder b = new StringBuilder(s);
        while (b.length() < len[0]) {
            b.append('a');
        }
        return b.toString();
    }

    private static byte[] fitBytes(byte[] b, int[] len) {
        if (len == null) {
            return b;
        }
        if (b.length > len[1]) {
            return Arrays.copyOf(b, len[1]);
        }
        return b.length < len[0] ? Arrays.copyOf(b, len[0]) : b;
    }

    // ---- rendering, for reproducers and messages ----

    /* The arguments as Java source, one expression per argument, or null where one has none. */
    String[] render(Object[] args) {
        String[] out = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            out[i] = kind == Kind.TYPED ? Literals.of(args[i], parameters[i].getParameterizedType()) : null;
        }
        return out;
    }
}
