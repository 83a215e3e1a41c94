package com.example;

import com.code_intelligence.jazzer.api.FuzzerSecurityIssueHigh;
import com.code_intelligence.jazzer.api.HookType;
import com.code_intelligence.jazzer.api.Jazzer;
import com.code_intelligence.jazzer.api.MethodHook;
import java.lang.invoke.MethodHandle;

/**
 * A Jazzer hook on the abstract `Lock`: `open("sesame")` on any lock is a finding. Named by
 * JVMFUZZ_CUSTOM_HOOKS in tests/tests/junit_fuzz.rs.
 */
public final class LockHooks {
    private LockHooks() {}

    @MethodHook(type = HookType.BEFORE, targetClassName = "com.example.Lock", targetMethod = "open")
    public static void open(MethodHandle method, Object thisObject, Object[] arguments, int hookId) {
        String word = (String) arguments[0];
        Jazzer.guideTowardsEquality(word, "sesame", hookId);
        if (word.equals("sesame")) {
            String on = thisObject.getClass().getSimpleName();
            Jazzer.reportFindingFromHook(new FuzzerSecurityIssueHigh("the hook saw sesame on a " + on));
        }
    }
}
