package com.example.cli;

import com.code_intelligence.jazzer.api.FuzzerSecurityIssueHigh;
import com.code_intelligence.jazzer.api.HookType;
import com.code_intelligence.jazzer.api.Jazzer;
import com.code_intelligence.jazzer.api.MethodHook;
import java.lang.invoke.MethodHandle;

/**
 * Jazzer hooks: a call of `Secret.check("open")` is a finding, and so is `open("sesame")` on
 * any `Lock`.
 */
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

    @MethodHook(type = HookType.BEFORE, targetClassName = "com.example.cli.Lock", targetMethod = "open")
    public static void open(MethodHandle method, Object thisObject, Object[] arguments, int hookId) {
        String word = (String) arguments[0];
        Jazzer.guideTowardsEquality(word, "sesame", hookId);
        if (word.equals("sesame")) {
            String on = thisObject.getClass().getSimpleName();
            Jazzer.reportFindingFromHook(new FuzzerSecurityIssueHigh("the hook saw sesame on a " + on));
        }
    }
}
