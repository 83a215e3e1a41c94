package fuzz.hooks;

import com.code_intelligence.jazzer.api.HookType;
import com.code_intelligence.jazzer.api.MethodHook;
import java.lang.invoke.MethodHandle;
import java.util.List;

/**
 * Hooks on very common JDK calls, in every shape a bridge takes (static and virtual, interface,
 * constructors, long/double/char/boolean values, REPLACE through the method handle), each
 * checking what Jazzer promises about its arguments. Any broken promise throws
 * IllegalStateException("tally: ...") into the target; a broken bridge is a VerifyError.
 */
public class TallyHooks {
    public static volatile long calls;

    private static void check(boolean ok, String what) {
        if (++calls == 100) {
            System.err.println("tally: " + calls + " hook calls checked");
        }
        if (!ok) {
            throw new IllegalStateException("tally: " + what);
        }
    }

    @MethodHook(type = HookType.AFTER, targetClassName = "java.lang.StringBuilder", targetMethod = "append")
    public static void append(MethodHandle m, Object self, Object[] args, int id, Object ret) {
        check(ret == self && self instanceof StringBuilder && args.length >= 1, "append returns its builder");
    }

    @MethodHook(type = HookType.AFTER, targetClassName = "java.lang.String", targetMethod = "length")
    public static void length(MethodHandle m, String self, Object[] args, int id, Integer ret) {
        check(ret == self.length(), "length");
    }

    @MethodHook(type = HookType.AFTER, targetClassName = "java.lang.Math", targetMethod = "max")
    public static void max(MethodHandle m, Object self, Object[] args, int id, Object ret) {
        check(self == null && args.length == 2 && ret.getClass() == args[0].getClass(), "max of boxed values");
        check(((Comparable) ret).compareTo(args[0]) >= 0 || ret.equals(args[0]) || args[0] instanceof Double
                || args[0] instanceof Float, "max is at least its first argument");
    }

    @MethodHook(type = HookType.BEFORE, targetClassName = "java.lang.String", targetMethod = "<init>")
    public static void newString(MethodHandle m, Object self, Object[] args, int id) {
        check(self == null && m == null, "no object and no handle before a constructor");
    }

    @MethodHook(type = HookType.AFTER, targetClassName = "java.lang.StringBuilder", targetMethod = "<init>")
    public static void newBuilder(MethodHandle m, Object self, Object[] args, int id, Object ret) {
        check(self instanceof StringBuilder && ret == null, "the new builder after its constructor");
    }

    @MethodHook(type = HookType.AFTER, targetClassName = "java.util.List", targetMethod = "size")
    public static void size(MethodHandle m, List<?> self, Object[] args, int id, Object ret) {
        check((Integer) ret >= 0, "a size");
    }

    @MethodHook(type = HookType.REPLACE, targetClassName = "java.lang.Character", targetMethod = "isWhitespace",
            targetMethodDescriptor = "(C)Z")
    public static boolean isWhitespace(MethodHandle m, Object self, Object[] args, int id) throws Throwable {
        check(args[0] instanceof Character, "a boxed char");
        return (boolean) m.invokeWithArguments(args);
    }

    @MethodHook(type = HookType.REPLACE, targetClassName = "java.lang.Long", targetMethod = "valueOf",
            targetMethodDescriptor = "(J)Ljava/lang/Long;")
    public static Object longValueOf(MethodHandle m, Object self, Object[] args, int id) throws Throwable {
        check(args[0] instanceof Long, "a boxed long");
        return m.invokeWithArguments(args);
    }
}
