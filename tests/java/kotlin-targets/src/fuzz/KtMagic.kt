package fuzz

/** Kotlin's `==` (Intrinsics.areEqual) against a key built at run time, so no constant holds it. */
object KtMagic {
    @JvmStatic
    fun fuzzerTestOneInput(data: ByteArray) {
        val s = String(data, Charsets.ISO_8859_1)
        val word: Any = s
        if (word == secret()) {
            throw IllegalStateException("kotlin equality reached")
        }
    }

    private fun secret(): Any = StringBuilder("ztlnik").reverse().toString() + "-magic"
}
