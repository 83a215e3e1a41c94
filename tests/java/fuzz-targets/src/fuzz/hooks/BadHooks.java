package fuzz.hooks;

import com.code_intelligence.jazzer.api.HookType;
import com.code_intelligence.jazzer.api.MethodHook;
import java.lang.invoke.MethodHandle;

/** Not a usable hook: the method is not static. */
public class BadHooks {
    @MethodHook(type = HookType.BEFORE, targetClassName = "java.lang.Integer", targetMethod = "parseInt")
    public void notStatic(MethodHandle method, Object thisObject, Object[] arguments, int hookId) {}
}
