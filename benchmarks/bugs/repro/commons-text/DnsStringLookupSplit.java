// A DnsStringLookup failure of commons-text 1.15.0 (the newest release on 2026-11-26), found by
// `fuzz --package org.apache.commons.text` (generated drivers, 2026-11-26) and shrunk by hand:
// the key "|" splits into nothing and the lookup reads element 0 (ArrayIndexOutOfBoundsException);
// "name|" returns null. No name is resolved for either key; run it without network all the same:
//   javac -cp commons-text-1.15.0.jar:commons-lang3-3.18.0.jar DnsStringLookupSplit.java
//   unshare -n java -cp commons-text-1.15.0.jar:commons-lang3-3.18.0.jar:. DnsStringLookupSplit
import org.apache.commons.text.lookup.StringLookup;
import org.apache.commons.text.lookup.StringLookupFactory;

public class DnsStringLookupSplit {
    public static void main(String[] args) {
        StringLookup dns = StringLookupFactory.INSTANCE.dnsStringLookup();
        for (String key : new String[] {"name|", "|"}) {
            try {
                System.out.println("lookup(\"" + key + "\"): " + dns.lookup(key));
            } catch (RuntimeException e) {
                System.out.println("lookup(\"" + key + "\"): " + e);
            }
        }
    }
}
