package fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Grammar-mode target: a strict JSON reader, then a configuration lookup. Its bug needs a
 * well-formed document whose key {@code "servers"} (built at run time: no constant holds it)
 * has two or more entries. The lookup's operands reach the grammar's STRING tokens.
 */
public class GrammarConfig {
    private final String s;
    private int pos;

    private GrammarConfig(String s) {
        this.s = s;
    }

    public static void fuzzerTestOneInput(byte[] data) {
        Object doc;
        try {
            GrammarConfig r = new GrammarConfig(new String(data, StandardCharsets.UTF_8));
            doc = r.value();
            r.skipWs();
            if (r.pos != r.s.length()) {
                return;
            }
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            return;
        }
        if (doc instanceof Map) {
            String key = new StringBuilder("srevres").reverse().toString();
            Object servers = ((Map<?, ?>) doc).get(key);
            if (servers instanceof List && ((List<?>) servers).size() >= 2) {
                throw new IllegalStateException("more servers than the connection pool holds");
            }
        }
    }

    private Object value() {
        skipWs();
        char c = s.charAt(pos);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                return word("true", Boolean.TRUE);
            case 'f':
                return word("false", Boolean.FALSE);
            case 'n':
                return word("null", null);
            default:
                return number();
        }
    }

    private Map<String, Object> object() {
        Map<String, Object> m = new HashMap<>();
        pos++;
        skipWs();
        if (s.charAt(pos) == '}') {
            pos++;
            return m;
        }
        while (true) {
            skipWs();
            String k = string();
            skipWs();
            expect(':');
            m.put(k, value());
            skipWs();
            if (s.charAt(pos) == ',') {
                pos++;
                continue;
            }
            expect('}');
            return m;
        }
    }

    private List<Object> array() {
        List<Object> l = new ArrayList<>();
        pos++;
        skipWs();
        if (s.charAt(pos) == ']') {
            pos++;
            return l;
        }
        while (true) {
            l.add(value());
            skipWs();
            if (s.charAt(pos) == ',') {
                pos++;
                continue;
            }
            expect(']');
            return l;
        }
    }

    private String string() {
        expect('"');
        StringBuilder b = new StringBuilder();
        while (true) {
            char c = s.charAt(pos++);
            if (c == '"') {
                return b.toString();
            }
            if (c < 0x20) {
                throw new IllegalArgumentException("control character in string");
            }
            if (c == '\\') {
                char e = s.charAt(pos++);
                switch (e) {
                    case '"': case '\\': case '/': b.append(e); break;
                    case 'b': b.append('\b'); break;
                    case 'f': b.append('\f'); break;
                    case 'n': b.append('\n'); break;
                    case 'r': b.append('\r'); break;
                    case 't': b.append('\t'); break;
                    case 'u':
                        b.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                        pos += 4;
                        break;
                    default:
                        throw new IllegalArgumentException("bad escape");
                }
            } else {
                b.append(c);
            }
        }
    }

    private Object word(String w, Object v) {
        if (!s.startsWith(w, pos)) {
            throw new IllegalArgumentException("expected " + w);
        }
        pos += w.length();
        return v;
    }

    private Double number() {
        int start = pos;
        while (pos < s.length() && "+-.eE0123456789".indexOf(s.charAt(pos)) >= 0) {
            pos++;
        }
        return Double.valueOf(s.substring(start, pos));
    }

    private void expect(char c) {
        if (s.charAt(pos) != c) {
            throw new IllegalArgumentException("expected " + c + " at " + pos);
        }
        pos++;
    }

    private void skipWs() {
        while (pos < s.length() && " \t\r\n".indexOf(s.charAt(pos)) >= 0) {
            pos++;
        }
    }
}
