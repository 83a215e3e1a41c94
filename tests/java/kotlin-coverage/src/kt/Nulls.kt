package kt

// Null safety: safe calls and their chains, elvis, `!!`, `lateinit`, unsafe and safe casts.

class Node(val value: Int, val next: Node?) {
    val label: String? = if (value % 2 == 0) "n$value" else null
}

class Holder {
    lateinit var name: String
    private lateinit var secret: String

    fun initialized(): Boolean = this::name.isInitialized

    fun greet(): String = "hello " + name

    fun setSecret(s: String) {
        secret = s
    }

    fun secretLength(): Int = secret.length
}

object Nulls {
    fun safeLength(s: String?): Int? = s?.length

    fun chain(n: Node?): Int? = n?.next?.next?.value

    fun chainLabel(n: Node?): Int? = n?.next?.label?.length

    fun elvis(s: String?): Int = s?.length ?: -1

    fun elvisChain(n: Node?): Int = n?.next?.value ?: 0

    fun elvisThrow(s: String?): String = s ?: throw IllegalArgumentException("null")

    fun elvisReturn(s: String?): Int {
        val v = s ?: return -2
        return v.length
    }

    fun bang(s: String?): Int = s!!.length

    fun bangChain(n: Node?): Int = n!!.next!!.value

    fun unsafeCast(x: Any?): String = x as String

    fun unsafeCastNullable(x: Any?): String? = x as String?

    fun safeCast(x: Any?): Int = (x as? String)?.length ?: 0

    fun letChain(s: String?): Int = s?.let { it.length * 2 } ?: 0

    fun platform(sb: StringBuilder?): Int = sb?.append("x")?.length ?: 0

    fun orEmpty(list: List<String>?): Int = list.orEmpty().size
}
