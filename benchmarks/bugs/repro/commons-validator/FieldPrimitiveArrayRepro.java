import java.util.HashMap;
import java.util.Map;
import org.apache.commons.validator.Field;
import org.apache.commons.validator.Validator;
import org.apache.commons.validator.ValidatorAction;
import org.apache.commons.validator.ValidatorException;

/** A Field whose indexedListProperty names a primitive array property (an int[] of the bean)
 *  fails with ClassCastException in Field.getIndexedPropertySize, which casts every array to
 *  Object[]. An Integer[] property gets past the size (then the declared ValidatorException for
 *  the missing "required" action), and a property that is no array gets the declared
 *  ValidatorException("... is not indexed"). commons-validator 1.11.0. */
public class FieldPrimitiveArrayRepro {
    public static class Order {
        public int[] getQuantities() { return new int[] {1, 2}; }
        public Integer[] getBoxed() { return new Integer[] {1, 2}; }
        public String getName() { return "x"; }
    }

    static void tryIt(String property) {
        Field field = new Field();
        field.setProperty("quantity");
        field.setIndexedListProperty(property);
        field.setDepends("required");
        Map<String, Object> params = new HashMap<>();
        params.put(Validator.BEAN_PARAM, new Order());
        Map<String, ValidatorAction> actions = new HashMap<>();
        try {
            System.out.println(property + " -> " + field.validate(params, actions).getPropertyNames());
        } catch (ValidatorException e) {
            System.out.println(property + " -> declared ValidatorException: " + e.getMessage());
        } catch (Throwable t) {
            System.out.println(property + " -> THROWS " + t);
        }
    }

    public static void main(String[] a) {
        tryIt("boxed");
        tryIt("name");
        tryIt("quantities");
    }
}
