package jvmfuzz.check;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.ByteArrayInputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Loads and links (hence verifies) every class of a jar without running static initialisers,
 * and prints one line per class:
 *
 * <pre>
 *   OK name cp=RUNTIME/FILE code=N marker=0|1|-
 *   FAIL name ExceptionClass: message
 * </pre>
 *
 * cp=RUNTIME/FILE compares the size of the constant pool of the class the JVM actually defined
 * (after any agent rewrote it) with the size in the jar's class file: a rewriter that inserts
 * probes must add constant-pool entries, so RUNTIME > FILE is agent-independent evidence that the
 * class was really rewritten. code=N is the number of methods with a Code attribute in the
 * original class file (classes without code have nothing to instrument). marker says whether a
 * UTF8 constant containing the --marker string is present in the runtime constant pool.
 * cp=-1/-1 means the runtime constant pool could not be read (run with
 * --add-opens java.base/java.lang=ALL-UNNAMED --add-exports java.base/jdk.internal.reflect=ALL-UNNAMED).
 *
 * Usage: VerifyChecker [--cp JAR]... [--marker S] TARGET.jar
 *   the target jar and every --cp jar go into one fresh URLClassLoader whose parent is the
 *   platform loader; only the target jar's entries are checked.
 * Last line: "DONE total=T ok=O fail=F".
 */
public final class VerifyChecker {
    private static Method getConstantPool;
    private static Method cpGetSize;
    private static Method cpGetTagAt;
    private static Method cpGetUtf8At;

    public static void main(String[] args) throws Exception {
        List<URL> urls = new ArrayList<>();
        String marker = null;
        String target = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--cp": urls.add(new File(args[++i]).toURI().toURL()); break;
                case "--marker": marker = args[++i]; break;
                default:
                    if (target != null) throw new IllegalArgumentException("two target jars: " + target + ", " + args[i]);
                    target = args[i];
            }
        }
        if (target == null) {
            System.err.println("usage: VerifyChecker [--cp JAR]... [--marker S] TARGET.jar");
            System.exit(2);
        }
        urls.add(0, new File(target).toURI().toURL());
        initConstantPoolAccess();

        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, "UTF-8");
        int total = 0, ok = 0, fail = 0;
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
             JarFile jar = new JarFile(target)) {
            List<String> names = new ArrayList<>();
            for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                String n = e.nextElement().getName();
                if (!n.endsWith(".class") || n.startsWith("META-INF/")) continue;
                if (n.endsWith("module-info.class")) continue;
                names.add(n);
            }
            for (String entry : names) {
                String name = entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
                total++;
                try {
                    Class<?> c = Class.forName(name, false, loader);
                    c.getDeclaredMethods(); // links the class: verification happens here
                    c.getDeclaredConstructors();
                    c.getDeclaredFields();
                    byte[] original = readResource(loader, entry);
                    int fileCp = -1, code = -1;
                    if (original != null) {
                        int[] info = classFileInfo(original);
                        fileCp = info[0];
                        code = info[1];
                    }
                    int[] rt = runtimeConstantPool(c, marker);
                    String m = marker == null || rt[1] < 0 ? "-" : Integer.toString(rt[1]);
                    out.println("OK " + name + " cp=" + rt[0] + "/" + fileCp + " code=" + code + " marker=" + m);
                    ok++;
                } catch (Throwable t) {
                    String msg = String.valueOf(t.getMessage()).replace('\n', ' ').replace('\r', ' ');
                    out.println("FAIL " + name + " " + t.getClass().getName() + ": " + msg);
                    fail++;
                }
            }
        }
        out.println("DONE total=" + total + " ok=" + ok + " fail=" + fail);
        out.flush();
    }

    private static void initConstantPoolAccess() {
        try {
            getConstantPool = Class.class.getDeclaredMethod("getConstantPool");
            getConstantPool.setAccessible(true);
            Class<?> cp = Class.forName("jdk.internal.reflect.ConstantPool");
            cpGetSize = cp.getMethod("getSize");
            cpGetTagAt = cp.getMethod("getTagAt", int.class);
            cpGetUtf8At = cp.getMethod("getUTF8At", int.class);
        } catch (Throwable t) {
            System.err.println("VerifyChecker: runtime constant pool not readable: " + t);
            getConstantPool = null;
        }
    }

    /** {size, markerFound (1/0, or -1 if not looked for)}; size -1 if unreadable. */
    private static int[] runtimeConstantPool(Class<?> c, String marker) {
        if (getConstantPool == null) return new int[] {-1, -1};
        try {
            Object cp = getConstantPool.invoke(c);
            if (cp == null) return new int[] {-1, -1};
            int size = (Integer) cpGetSize.invoke(cp);
            int found = -1;
            if (marker != null) {
                found = 0;
                for (int i = 1; i < size && found == 0; i++) {
                    Object tag = cpGetTagAt.invoke(cp, i);
                    if ("UTF8".equals(String.valueOf(tag))) {
                        String s = (String) cpGetUtf8At.invoke(cp, i);
                        if (s != null && s.contains(marker)) found = 1;
                    }
                }
            }
            return new int[] {size, found};
        } catch (Throwable t) {
            return new int[] {-1, -1};
        }
    }

    private static byte[] readResource(ClassLoader loader, String entry) throws IOException {
        try (InputStream in = loader.getResourceAsStream(entry)) {
            if (in == null) return null;
            return in.readAllBytes();
        }
    }

    /** {constant_pool_count, number of methods with a Code attribute}. */
    static int[] classFileInfo(byte[] b) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(b));
        if (in.readInt() != 0xCAFEBABE) return new int[] {-1, -1};
        in.readUnsignedShort();
        in.readUnsignedShort();
        int cpCount = in.readUnsignedShort();
        String[] utf8 = new String[cpCount];
        for (int i = 1; i < cpCount; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1: utf8[i] = in.readUTF(); break;
                case 3: case 4: in.skipBytes(4); break;
                case 5: case 6: in.skipBytes(8); i++; break;
                case 7: case 8: case 16: case 19: case 20: in.skipBytes(2); break;
                case 9: case 10: case 11: case 12: case 17: case 18: in.skipBytes(4); break;
                case 15: in.skipBytes(3); break;
                default: throw new IOException("bad constant tag " + tag);
            }
        }
        in.skipBytes(6); // access, this, super
        in.skipBytes(2 * in.readUnsignedShort()); // interfaces
        int fields = in.readUnsignedShort();
        for (int i = 0; i < fields; i++) skipMember(in, utf8);
        int methods = in.readUnsignedShort();
        int withCode = 0;
        for (int i = 0; i < methods; i++) {
            if (skipMember(in, utf8)) withCode++;
        }
        return new int[] {cpCount, withCode};
    }

    /** Skips a field_info/method_info; returns whether it has a Code attribute. */
    private static boolean skipMember(DataInputStream in, String[] utf8) throws IOException {
        in.skipBytes(6);
        int attrs = in.readUnsignedShort();
        boolean code = false;
        for (int a = 0; a < attrs; a++) {
            int nameIndex = in.readUnsignedShort();
            int len = in.readInt();
            if ("Code".equals(utf8[nameIndex])) code = true;
            if (in.skipBytes(len) != len) throw new IOException("truncated attribute");
        }
        return code;
    }
}
