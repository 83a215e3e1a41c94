package fuzz.hooks;

import com.code_intelligence.jazzer.api.FuzzerSecurityIssueHigh;
import com.code_intelligence.jazzer.api.HookType;
import com.code_intelligence.jazzer.api.Jazzer;
import com.code_intelligence.jazzer.api.MethodHook;
import java.lang.invoke.MethodHandle;

public class ParseHooks {
    @MethodHook(type = HookType.BEFORE, targetClassName = "java.lang.Integer", targetMethod = "parseInt",
            targetMethodDescriptor = "(Ljava/lang/String;)I")
    public static void parseInt(MethodHandle method, Object thisObject, Object[] arguments, int hookId) {
        if (thisObject != null || method == null) {
            throw new IllegalStateException("static target: thisObject must be null, the handle set");
        }
        String s = (String) arguments[0];
        Jazzer.guideTowardsEquality(s, "h00ked", hookId);
        if (s.equals("h00ked")) {
            Jazzer.reportFindingFromHook(new FuzzerSecurityIssueHigh("parseInt saw h00ked"));
        }
    }
}
