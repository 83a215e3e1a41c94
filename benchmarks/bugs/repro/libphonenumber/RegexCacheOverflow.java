// libphonenumber 9.0.43: new RegexCache(size) sizes its LinkedHashMap with size * 4 / 3 + 1,
// which overflows int for any size above 536,870,911 (the capacity it means, about 4/3 of the
// size, still fits an int up to 1,610,612,735), so the constructor throws the JDK's
// IllegalArgumentException "Illegal initial capacity: -..." for a positive size.
// Run: java -cp libphonenumber-9.0.43.jar RegexCacheOverflow.java
// Expected: java.lang.IllegalArgumentException: Illegal initial capacity: -715827881
import com.google.i18n.phonenumbers.internal.RegexCache;

public class RegexCacheOverflow {
    public static void main(String[] args) {
        new RegexCache(536_870_912); // 2^29: 2^29 * 4 overflows to Integer.MIN_VALUE
        System.out.println("no exception");
    }
}
