package fuzz.hooks;

import com.code_intelligence.jazzer.api.FuzzerSecurityIssueHigh;
import com.code_intelligence.jazzer.api.HookType;
import com.code_intelligence.jazzer.api.Jazzer;
import com.code_intelligence.jazzer.api.MethodHook;
import java.io.File;
import java.lang.invoke.MethodHandle;
import java.util.Map;

/**
 * AFTER on a virtual method, BEFORE and AFTER on a constructor, BEFORE on an interface method and
 * on an abstract class's method called through a subclass.
 */
public class CallHooks {
    @MethodHook(type = HookType.AFTER, targetClassName = "java.lang.StringBuilder", targetMethod = "toString")
    public static void toString(MethodHandle method, Object thisObject, Object[] arguments, int hookId,
            String returnValue) {
        if (!(thisObject instanceof StringBuilder) || arguments.length != 0) {
            throw new IllegalStateException("AFTER: the receiver and no arguments");
        }
        Jazzer.guideTowardsContainment(returnValue, "after", hookId);
        if (returnValue.contains("after")) {
            Jazzer.reportFindingFromHook(new FuzzerSecurityIssueHigh("toString returned after"));
        }
    }

    @MethodHook(type = HookType.BEFORE, targetClassName = "java.io.File", targetMethod = "<init>",
            targetMethodDescriptor = "(Ljava/lang/String;)V")
    public static void fileBefore(MethodHandle method, Object thisObject, Object[] arguments, int hookId) {
        if (thisObject != null) {
            throw new IllegalStateException("BEFORE a constructor: no object yet");
        }
        Jazzer.guideTowardsContainment((String) arguments[0], "../", hookId);
    }

    @MethodHook(type = HookType.AFTER, targetClassName = "java.io.File", targetMethod = "<init>",
            targetMethodDescriptor = "(Ljava/lang/String;)V")
    public static void fileAfter(MethodHandle method, Object thisObject, Object[] arguments, int hookId,
            Object returnValue) {
        File f = (File) thisObject;
        if (f.getPath().contains("../")) {
            Jazzer.reportFindingFromHook(new FuzzerSecurityIssueHigh("a File left its folder"));
        }
    }

    /* Jazzer applies a hook on an abstract class to calls on its subclasses: HookedReader's. */
    @MethodHook(type = HookType.BEFORE, targetClassName = "java.io.Reader", targetMethod = "read",
            targetMethodDescriptor = "([C)I")
    public static void readerRead(MethodHandle method, Object thisObject, Object[] arguments, int hookId) {
        if (thisObject instanceof fuzz.HookedReader) {
            String text = ((fuzz.HookedReader) thisObject).text;
            Jazzer.guideTowardsEquality(text, "subtype", hookId);
            if (text.equals("subtype")) {
                Jazzer.reportFindingFromHook(new FuzzerSecurityIssueHigh("Reader.read(subtype)"));
            }
        }
    }

    @MethodHook(type = HookType.BEFORE, targetClassName = "java.util.Map", targetMethod = "get")
    public static void mapGet(MethodHandle method, Map<?, ?> thisObject, Object[] arguments, int hookId) {
        String key = (String) arguments[0];
        Jazzer.guideTowardsEquality(key, "iface", hookId);
        if (thisObject != null && key.equals("iface")) {
            Jazzer.reportFindingFromHook(new FuzzerSecurityIssueHigh("Map.get(iface)"));
        }
    }
}
