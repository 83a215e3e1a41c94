// StatefulBeanToCsv / FieldAccess of opencsv 5.12.0, found by jvmfuzz (site
// java.lang.IllegalArgumentException@com.opencsv.bean.FieldAccess.lambda$determineAccessorMethod$1(FieldAccess.java:65),
// filed as "bug"; jvmfuzz reached it with raw types mixing Map.Entry and String beans, shown here
// with a type-safe, well-formed use instead).
// StatefulBeanToCsv<Animal>.write(List<Animal>) with a Dog followed by a Cat: the mapping strategy is
// derived from the runtime class of the first bean (Dog), and FieldAccess's getter lambda (line 65,
// `bean -> getterMethod.invoke(bean)`) invokes Dog.getBark() on the Cat. The raw reflection
// IllegalArgumentException escapes write(List) unwrapped, although write(List) documents only
// CsvDataTypeMismatchException and CsvRequiredFieldEmptyException and nothing requires all beans to
// share one runtime class. (The bean-writing thread may also print the exception's stack trace on
// stderr.)
//   java -cp opencsv-5.12.0.jar:commons-lang3-3.18.0.jar:... MixedSubclassBeansListWrite.java
// Expected output on stdout (opencsv 5.12.0, JDK 17):
//   write(List.of(dog, dog)) -> OK: "BARK","NAME" / "woof","rex" / "woof","fido"
//   write(List.of(dog, cat)) -> java.lang.IllegalArgumentException: object is not an instance of declaring class
//       first opencsv frame: com.opencsv.bean.FieldAccess.lambda$determineAccessorMethod$1(FieldAccess.java:65)
import com.opencsv.bean.StatefulBeanToCsv;
import com.opencsv.bean.StatefulBeanToCsvBuilder;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;

public class MixedSubclassBeansListWrite {
    public static class Animal {
        private String name;
        public Animal() {}
        public Animal(String n) { name = n; }
        public String getName() { return name; }
        public void setName(String n) { name = n; }
    }
    public static class Dog extends Animal {
        private String bark = "woof";
        public Dog() {}
        public Dog(String n) { super(n); }
        public String getBark() { return bark; }
        public void setBark(String b) { bark = b; }
    }
    public static class Cat extends Animal {
        private String meow = "meow";
        public Cat() {}
        public Cat(String n) { super(n); }
        public String getMeow() { return meow; }
        public void setMeow(String m) { meow = m; }
    }

    static void attempt(String label, List<Animal> beans) {
        StringWriter out = new StringWriter();
        StatefulBeanToCsv<Animal> writer = new StatefulBeanToCsvBuilder<Animal>(out).build();
        try {
            writer.write(beans);
            System.out.println(label + " -> OK: " + out.toString().trim().replace("\n", " / "));
        } catch (Throwable t) {
            String frame = "";
            for (StackTraceElement e : t.getStackTrace()) {
                if (e.getClassName().startsWith("com.opencsv")) { frame = e.toString(); break; }
            }
            System.out.println(label + " -> " + t + "\n    first opencsv frame: " + frame);
        }
    }

    public static void main(String[] args) {
        attempt("write(List.of(dog, dog))", Arrays.<Animal>asList(new Dog("rex"), new Dog("fido")));
        attempt("write(List.of(dog, cat))", Arrays.<Animal>asList(new Dog("rex"), new Cat("tom")));
    }
}
