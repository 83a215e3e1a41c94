package com.example.cli;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;
import org.junit.jupiter.api.BeforeAll;

/**
 * A fuzz test for `-jobs=N`: each test JVM writes its process id to `jvms` in the working
 * folder, and the planted bug needs an input whose CRC-32 the fuzzer cannot guess, so it is
 * found only from an input that something else put into the shared corpus folder.
 */
class JobsFuzzTest {
    @BeforeAll
    static void register() throws IOException {
        String line = ProcessHandle.current().pid() + "\n";
        Files.write(Paths.get("jvms"), line.getBytes(StandardCharsets.UTF_8),
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    @FuzzTest
    void crc(byte[] input) {
        if (input.length > 0 && input[0] == 'J') {
            CRC32 crc = new CRC32();
            crc.update(input);
            if (input.length == 20 && crc.getValue() == 0x5EEDCAFEL) {
                throw new IllegalStateException("planted: reached only through the corpus folder");
            }
        }
    }
}
