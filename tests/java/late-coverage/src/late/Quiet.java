package late;

/**
 * What a program sees of the agent's background thread. Five samples, 350 ms apart (longer than
 * the thread's 300 ms between looks at the probe flags), count those in which a thread other
 * than {@code main} is in {@code main}'s thread group, where a thread attached through JNI
 * without a group lands. Then the name the program's first thread gets, which an agent thread
 * attached without a name would have taken.
 */
public class Quiet {
    public static void main(String[] args) throws Exception {
        Thread self = Thread.currentThread();
        ThreadGroup group = self.getThreadGroup();
        int seen = 0;
        for (int i = 0; i < 5; i++) {
            Thread.sleep(350);
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t != self && t.getThreadGroup() == group) {
                    System.out.println("sample " + i + ": " + t.getName());
                    seen++;
                    break;
                }
            }
        }
        System.out.println("samples with an agent thread: " + seen);
        System.out.println("first thread: " + new Thread().getName());
    }
}
