package fuzz.hidden;

/**
 * Constants LookupKeys asks for by name. The tests exclude this package from instrumentation,
 * so no name reaches the fuzzer's dictionary from this class's constant pool: only the
 * Enum.valueOf hook shows the names.
 */
public enum Mode {
    QUIVER_LANTERN,
    MOSAIC_HARBOR,
    TUNDRA_PIXEL,
    VELVET_ORBIT
}
