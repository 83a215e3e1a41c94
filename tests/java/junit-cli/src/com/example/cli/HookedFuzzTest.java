package com.example.cli;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;

/**
 * A fuzz test with nothing to find but what a hook reports: `SecretHooks` watches its calls
 * of `Secret.check`, and of `open` on a `Lock` (by the abstract class). Whether those calls are hooked is the command line's choice
 * (`--custom_hooks=`, `--custom_hook_includes=`/`_excludes=`).
 */
class HookedFuzzTest {
    @FuzzTest
    void checks(byte[] input) {
        Secret.check(new String(input, StandardCharsets.UTF_8));
    }

    /** The hook names the abstract `Lock`; this call names its subclass. */
    @FuzzTest
    void opensALock(byte[] input) {
        new StrictLock().open(new String(input, StandardCharsets.UTF_8));
    }
}
