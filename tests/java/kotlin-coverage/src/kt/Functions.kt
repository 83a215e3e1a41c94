package kt

// Functions: default arguments, @JvmOverloads, inline and reified functions (inlined across
// files, so the callers carry SMAP-mapped lines), lambdas, callable references, extensions,
// local functions, tailrec, varargs, operators, @JvmStatic, @JvmSynthetic.

fun greet(name: String = "world", punct: Char = '!', times: Int = 1): String =
    ("hello " + name + punct).repeat(times)

@JvmOverloads
fun overloaded(a: Int, b: Int = 2, c: String = "c"): String = "$a$b$c"

class Overloads @JvmOverloads constructor(val x: Int, val y: Int = 7, val z: String = "z") {
    @JvmOverloads
    fun member(p: Int = 1, q: Int = 2): Int = x + y + p + q

    fun defaults(s: String = z, n: Int = y * 2): String = s + n
}

inline fun <T> measure(block: () -> T): Pair<T, Int> {
    val before = counter
    val r = block()
    counter++
    return Pair(r, counter - before)
}

var counter = 0

inline fun <reified T> countOf(items: List<Any?>): Int {
    var n = 0
    for (i in items) {
        if (i is T) n++
    }
    return n
}

inline fun <reified T : Any> nameOf(): String = T::class.java.simpleName

inline fun checkPositive(n: Int, onFail: () -> Unit): Boolean {
    if (n > 0) return true
    onFail()
    return false
}

inline fun repeatUntil(limit: Int, crossinline body: (Int) -> Boolean): Int {
    var i = 0
    val r = Runnable { while (i < limit && body(i)) i++ }
    r.run()
    return i
}

inline fun neverCalledInline(x: Int): Int {
    if (x > 3) return x * 2
    return x
}

fun String.shout(): String = uppercase() + "!"

val String.vowels: Int
    get() = count { it in "aeiou" }

infix fun Int.pow(e: Int): Long {
    var r = 1L
    repeat(e) { r *= this }
    return r
}

tailrec fun gcd(a: Int, b: Int): Int = if (b == 0) a else gcd(b, a % b)

fun sumAll(vararg xs: Int): Int {
    var s = 0
    for (x in xs) s += x
    return s
}

fun localFunctions(n: Int): Int {
    fun twice(x: Int) = x * 2
    fun fact(k: Int): Int = if (k <= 1) 1 else k * fact(k - 1)
    return twice(n) + fact(n)
}

fun higherOrder(xs: List<Int>): Int {
    val square: (Int) -> Int = { it * it }
    val isEven = fun(x: Int): Boolean { return x % 2 == 0 }
    return xs.filter(isEven).map(square).sum() + xs.fold(0) { acc, x -> acc + x }
}

fun references(xs: List<String>): Int {
    val lengths = xs.map(String::length)
    val parse: (String) -> Int = String::toInt
    val g = ::gcd
    val ctor = ::Vec
    val bound = "abc"::plus
    return lengths.sum() + parse("12") + g(12, 18) + ctor(1, 2).x + bound("d").length
}

data class Vec(val x: Int, val y: Int) {
    operator fun plus(o: Vec) = Vec(x + o.x, y + o.y)
    operator fun times(k: Int) = Vec(x * k, y * k)
    operator fun unaryMinus() = Vec(-x, -y)
    operator fun get(i: Int) = if (i == 0) x else y
    operator fun compareTo(o: Vec) = (x * x + y * y).compareTo(o.x * o.x + o.y * o.y)
}

object Tools {
    @JvmStatic
    fun staticHelper(x: Int): Int = x + 1

    @JvmSynthetic
    fun hiddenFromJava(x: Int): Int = if (x > 0) x else -x

    const val LIMIT = 10

    fun useInline(xs: List<Any?>): Int {
        val (v, d) = measure { xs.size * 2 }
        val ints = countOf<Int>(xs)
        val strs = countOf<String>(xs)
        var failed = 0
        checkPositive(v) { failed++ }
        checkPositive(-v) { failed += 10 }
        val stopped = repeatUntil(LIMIT) { it < 4 }
        return v + d + ints + strs + failed + stopped + nameOf<Vec>().length
    }
}
