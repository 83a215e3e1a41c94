import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads and links (getDeclaredMethods links, hence verifies) every class named in a list
 * file, from a class path given as the remaining arguments, without initialising anything.
 * Prints one "FAIL name exception: message" line per failure and a final "OK n FAIL m".
 */
public class VerifyLoad {
    public static void main(String[] args) throws Exception {
        List<String> names = Files.readAllLines(Paths.get(args[0]));
        List<URL> urls = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            urls.add(Paths.get(args[i]).toUri().toURL());
        }
        URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
        int ok = 0;
        int fail = 0;
        for (String name : names) {
            if (name.isEmpty()) {
                continue;
            }
            try {
                Class<?> c = Class.forName(name, false, loader);
                c.getDeclaredMethods();
                c.getDeclaredConstructors();
                ok++;
            } catch (Throwable t) {
                fail++;
                String msg = String.valueOf(t.getMessage()).replace('\n', ' ');
                if (msg.length() > 400) {
                    msg = msg.substring(0, 400);
                }
                System.out.println("FAIL " + name + " " + t.getClass().getName() + ": " + msg);
            }
        }
        System.out.println("OK " + ok + " FAIL " + fail);
    }
}
