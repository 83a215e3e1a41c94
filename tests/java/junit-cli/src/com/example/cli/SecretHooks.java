package com.example.cli;

import com.code_intelligence.jazzer.api.FuzzerSecurityIssueHigh;
import com.code_intelligence.jazzer.api.HookType;
import com.code_intelligence.jazzer.api.Jazzer;
import com.code_intelligence.jazzer.api.MethodHook;
import java.lang.invoke.MethodHandle;

/** A Jazzer hook: a call of `Secret.check("open")` is a finding. */
public final class SecretHooks {
    private SecretHooks() {}

    @MethodHook(type = HookType.BEFORE, targetClassName = "com.example.cli.Secret", targetMethod = "check")
    public static void check(MethodHandle method, Object thisObject, Object[] arguments, int hookId) {
        String word = (String) arguments[0];
        Jazzer.guideTowardsEquality(word, "open", hookId);
        if (word.equals("open")) {
            Jazzer.reportFindingFromHook(new FuzzerSecurityIssueHigh("the hook saw open"));
        }
    }
}
