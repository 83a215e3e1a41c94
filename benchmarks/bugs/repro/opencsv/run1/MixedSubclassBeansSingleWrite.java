// StatefulBeanToCsv / ProcessCsvBean of opencsv 5.12.0, found by jvmfuzz (site
// java.lang.RuntimeException@com.opencsv.bean.concurrent.ProcessCsvBean.run(ProcessCsvBean.java:91),
// filed as "bug"; jvmfuzz reached it by writing a java.lang.String as a bean, shown here with a
// type-safe, well-formed use instead).
// A StatefulBeanToCsv<Animal> is given two Animals, a Dog and then a Cat, via write(T). The writer
// derives its mapping strategy from the runtime class of the FIRST bean (Dog) and then calls Dog's
// getter getBark() reflectively on the Cat; Method.invoke throws IllegalArgumentException ("object
// is not an instance of declaring class"), which ProcessCsvBean.run wraps in a bare RuntimeException
// (line 91) and write(T) rethrows. write(T) documents only CsvDataTypeMismatchException and
// CsvRequiredFieldEmptyException; nothing says all beans must share one runtime class.
//   java -cp opencsv-5.12.0.jar:commons-lang3-3.18.0.jar:... MixedSubclassBeansSingleWrite.java
// Expected output (opencsv 5.12.0, JDK 17):
//   write(dog) -> OK
//   write(cat) -> java.lang.RuntimeException: java.lang.IllegalArgumentException: object is not an instance of declaring class
//       at com.opencsv.bean.concurrent.ProcessCsvBean.run(ProcessCsvBean.java:91)
//   output so far: "BARK","NAME" / "woof","rex"
import com.opencsv.bean.StatefulBeanToCsv;
import com.opencsv.bean.StatefulBeanToCsvBuilder;
import java.io.StringWriter;

public class MixedSubclassBeansSingleWrite {
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

    public static void main(String[] args) {
        StringWriter out = new StringWriter();
        StatefulBeanToCsv<Animal> writer = new StatefulBeanToCsvBuilder<Animal>(out).build();
        Animal[] animals = {new Dog("rex"), new Cat("tom")};
        String[] labels = {"write(dog)", "write(cat)"};
        for (int i = 0; i < animals.length; i++) {
            try {
                writer.write(animals[i]);
                System.out.println(labels[i] + " -> OK");
            } catch (Throwable t) {
                System.out.println(labels[i] + " -> " + t + "\n    at " + t.getStackTrace()[0]);
            }
        }
        System.out.println("output so far: " + out.toString().trim().replace("\n", " / "));
    }
}
