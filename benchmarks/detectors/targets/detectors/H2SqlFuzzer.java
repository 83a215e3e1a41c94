package detectors;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * H2 2.2.224 in memory, CWE-89: the application looks a user up with a query it builds by
 * concatenating the user name.
 */
public class H2SqlFuzzer {
    private static Connection conn;

    public static void fuzzerInitialize() throws SQLException {
        conn = DriverManager.getConnection("jdbc:h2:mem:app;DB_CLOSE_DELAY=-1");
        try (Statement s = conn.createStatement()) {
            s.execute("CREATE TABLE users(id INT PRIMARY KEY, name VARCHAR(64), role VARCHAR(16))");
            s.execute("INSERT INTO users VALUES (1, 'alice', 'admin'), (2, 'bob', 'user')");
        }
    }

    public static void fuzzerTestOneInput(FuzzedDataProvider data) {
        String name = data.consumeRemainingAsString();
        try (Statement s = conn.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, role FROM users WHERE name = '" + name + "'")) {
            while (rs.next()) {
                rs.getString(2);
            }
        } catch (SQLException e) {
            // bad queries are reported to the caller
        }
    }
}
