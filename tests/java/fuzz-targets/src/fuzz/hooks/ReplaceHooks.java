package fuzz.hooks;

import com.code_intelligence.jazzer.api.HookType;
import com.code_intelligence.jazzer.api.MethodHook;
import java.lang.invoke.MethodHandle;

public class ReplaceHooks {
    /** 4242 for 3, else the original method through its handle. */
    @MethodHook(type = HookType.REPLACE, targetClassName = "fuzz.HookedLib", targetMethod = "check",
            targetMethodDescriptor = "(I)I")
    public static int check(MethodHandle method, Object thisObject, Object[] arguments, int hookId)
            throws Throwable {
        int n = (Integer) arguments[0];
        if (n == 3) {
            return 4242;
        }
        return (int) method.invokeWithArguments(arguments);
    }
}
