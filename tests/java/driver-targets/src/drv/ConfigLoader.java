package drv;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;

/** File-processing methods: drivers hand them a real temporary file whose content is fuzzed. */
public final class ConfigLoader {
    private ConfigLoader() {}

    public static int load(File file) throws IOException {
        byte[] b = Files.readAllBytes(file.toPath());
        if (b.length >= 5 && b[0] == 'C' && b[1] == 'F' && b[2] == 'G' && b[3] == '!') {
            return 100 / (b[4] - 'x');
        }
        return 0;
    }

    public static String firstLine(String fileName) throws IOException {
        String text = new String(Files.readAllBytes(Paths.get(fileName)), "UTF-8");
        if (text.startsWith("#!")) {
            return text.substring(2, text.indexOf('\n'));
        }
        return "";
    }
}
