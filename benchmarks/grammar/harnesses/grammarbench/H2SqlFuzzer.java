package grammarbench;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * H2 2.2.224's SQL parser: Connection.prepareStatement parses, resolves names and optimises the
 * statement; it is never executed. One private in-memory database (jdbc:h2:mem:), opened once,
 * with two small tables so that statements naming them get past name resolution. SQLException
 * is the documented error for bad SQL. Anything else escaping is a finding.
 *
 * Safety: nothing is executed, but H2 evaluates some functions while preparing (constant
 * folding; a table function in FROM is called to learn its columns), so inputs naming H2's
 * file functions are skipped (upper-cased first, as H2 does with names; U& escapes too).
 */
public class H2SqlFuzzer {
    private static final Connection CONN;
    private static final String[] UNSAFE = {
        "FILE_READ", "FILE_WRITE", "CSVREAD", "CSVWRITE", "LINK_SCHEMA", "SCRIPT", "BACKUP", "ALIAS",
        "U&", "LINKED", "TRIGGER", "JAVA_OBJECT", "SIGNAL",
    };

    static {
        try {
            CONN = DriverManager.getConnection("jdbc:h2:mem:");
            try (Statement st = CONN.createStatement()) {
                st.execute("CREATE TABLE t1(id INT PRIMARY KEY, name VARCHAR(100), price DECIMAL(10,2), created TIMESTAMP)");
                st.execute("CREATE TABLE t2(id INT PRIMARY KEY, t1_id INT REFERENCES t1(id), qty INT, note VARCHAR(255))");
                st.execute("CREATE INDEX t2_t1 ON t2(t1_id)");
                st.execute("CREATE VIEW v1 AS SELECT t1.id, name, qty FROM t1 JOIN t2 ON t1.id = t2.t1_id");
            }
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public static void fuzzerTestOneInput(byte[] data) {
        parse(data);
    }

    /** Whether H2 prepares the input (the replay counts these); false for a skipped one. */
    public static boolean parse(byte[] data) {
        String sql = new String(data, StandardCharsets.UTF_8);
        String up = sql.toUpperCase(Locale.ROOT);
        for (String u : UNSAFE) {
            if (up.contains(u)) {
                return false;
            }
        }
        try (PreparedStatement ps = CONN.prepareStatement(sql)) {
            return true; // parsed and prepared, never executed
        } catch (SQLException e) {
            return false; // bad SQL: not a bug
        }
    }
}
