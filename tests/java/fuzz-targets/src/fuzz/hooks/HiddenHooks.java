package fuzz.hooks;

import com.code_intelligence.jazzer.api.FuzzerSecurityIssueHigh;
import com.code_intelligence.jazzer.api.HookType;
import com.code_intelligence.jazzer.api.Jazzer;
import com.code_intelligence.jazzer.api.MethodHook;
import java.lang.invoke.MethodHandle;

public class HiddenHooks {
    @MethodHook(type = HookType.BEFORE, targetClassName = "java.lang.Long", targetMethod = "parseLong",
            targetMethodDescriptor = "(Ljava/lang/String;)J", additionalClassesToHook = {"fuzz.HookedLib"})
    public static void parseLong(MethodHandle method, Object thisObject, Object[] arguments, int hookId) {
        String s = (String) arguments[0];
        Jazzer.guideTowardsEquality(s, "hidden", hookId);
        if (s.equals("hidden")) {
            Jazzer.reportFindingFromHook(new FuzzerSecurityIssueHigh("parseLong saw hidden"));
        }
    }
}
