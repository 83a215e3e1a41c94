package fuzz

/**
 * Kotlin's string comparisons against words built at run time (so no constant holds them):
 * `==` (Intrinsics.areEqual), and the String extensions startsWith, equals(ignoreCase = true)
 * and contains(ignoreCase = true), which Kotlin compiles to calls into kotlin-stdlib. The test
 * leaves kotlin-stdlib uninstrumented, as OSS-Fuzz's includes do, so only the call sites'
 * redirects show the fuzzer the words. -Dkt.kind= picks one: eq, prefix, ignore-case, contains.
 */
object KtStrings {
    private val kind = System.getProperty("kt.kind", "eq")

    @JvmStatic
    fun fuzzerTestOneInput(data: ByteArray) {
        val s = String(data, Charsets.ISO_8859_1)
        val hit = when (kind) {
            "eq" -> s == word("walrus")
            "prefix" -> s.startsWith(word("falcon"))
            "ignore-case" -> s.equals(word("marmot"), ignoreCase = true)
            "contains" -> s.contains(word("puffin"), ignoreCase = true)
            else -> throw IllegalArgumentException("kt.kind: eq, prefix, ignore-case or contains")
        }
        if (hit) {
            throw IllegalStateException("kotlin comparison reached: $kind")
        }
    }

    private fun word(stem: String): String = StringBuilder(stem).reverse().toString() + "~" + stem.length * 977
}
