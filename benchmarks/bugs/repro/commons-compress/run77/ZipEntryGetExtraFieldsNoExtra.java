import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipExtraField;

/**
 * A new ZipArchiveEntry without any extra field: getExtraFields(ExtraFieldParsingMode.BEST_EFFORT) returns an empty array,
 * but getExtraFields(DRACONIC / STRICT_FOR_KNOW_EXTRA_FIELDS / ONLY_PARSEABLE_STRICT) passes getExtra() (null for an entry
 * that never had extra data, as java.util.zip.ZipEntry defines) to ExtraFieldUtils.parse, which reads data.length
 * -> NullPointerException at ExtraFieldUtils.parse(ExtraFieldUtils.java:309). The method is documented to return the
 * extra fields and to throw only ZipException when parsing fails.
 * Public entry: ZipArchiveEntry.getExtraFields(ExtraFieldParsingBehavior) (since 1.19).
 */
public class ZipEntryGetExtraFieldsNoExtra {
    public static void main(String[] args) throws Exception {
        ZipArchiveEntry entry = new ZipArchiveEntry("a.txt");
        System.out.println("BEST_EFFORT: " + entry.getExtraFields(ZipArchiveEntry.ExtraFieldParsingMode.BEST_EFFORT).length + " fields");
        ZipExtraField[] fields = entry.getExtraFields(ZipArchiveEntry.ExtraFieldParsingMode.DRACONIC);
        System.out.println("DRACONIC: " + fields.length + " fields");
    }
}
