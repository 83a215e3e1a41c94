package kt

// Never loaded by the program: reported from the class files alone, all missed.

class NeverLoaded(private val n: Int) {
    fun twice(): Int = if (n > 0) n * 2 else 0

    fun name(s: String?): String = s?.uppercase() ?: "none"

    companion object {
        fun make(): NeverLoaded = NeverLoaded(3)
    }
}
