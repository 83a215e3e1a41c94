package contract;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Arrays gathered by a stream's finishing step (Collectors.collectingAndThen): the JDK
 * refusing the element type (Array.newInstance of void) is reached through the stream's
 * callback into the object that makes the array.
 */
public final class Collect {
    private Collect() {}

    /** Makes the array of one element type, as a stream's finishing step. */
    public static final class Into {
        private final Class<?> type;

        public Into(Class<?> type) {
            this.type = type;
        }

        Object finish(List<?> items) {
            return java.lang.reflect.Array.newInstance(type, items.size());
        }
    }

    /** Contract: the caller's object makes the array, of the element type the caller chose. */
    public static Object gather(Into into, List<String> items) {
        return items.stream().collect(Collectors.collectingAndThen(Collectors.toList(), into::finish));
    }

    /** Bug: its own object, of a type it picked from the first item ("void" gives void). */
    public static Object gatherNamed(List<String> items) {
        Into into = new Into(!items.isEmpty() && "void".equals(items.get(0)) ? void.class : String.class);
        return items.stream().collect(Collectors.collectingAndThen(Collectors.toList(), into::finish));
    }
}
