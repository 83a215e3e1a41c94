package kt

import java.io.StringReader

// Control flow: loops and ranges, exceptions, `use`, `synchronized`, @Synchronized,
// collection operations (inlined from the stdlib), string templates, `also`/`apply`/`run`.

object Control {
    private val lock = Any()
    private var shared = 0

    fun loops(n: Int): Int {
        var s = 0
        for (i in 0 until n) s += i
        for (i in n downTo 0 step 2) s -= i
        for ((idx, v) in listOf(5, 6, 7).withIndex()) s += idx * v
        var k = n
        while (k > 0) {
            if (k == 3) {
                k--
                continue
            }
            if (k > 100) break
            k--
        }
        do {
            s++
        } while (s < 0)
        outer@ for (a in 1..3) {
            for (b in 1..3) {
                if (a * b == 4) break@outer
                s += a * b
            }
        }
        repeat(3) { s += it }
        return s
    }

    fun exceptions(s: String): Int {
        return try {
            s.toInt()
        } catch (e: NumberFormatException) {
            -1
        } finally {
            shared++
        }
    }

    fun tryExpression(s: String): Int {
        val v = try {
            if (s.isEmpty()) throw IllegalStateException("empty")
            s.length
        } catch (e: IllegalStateException) {
            0
        } catch (e: RuntimeException) {
            -5
        }
        return v
    }

    fun nestedFinally(fail: Boolean): Int {
        var r = 0
        try {
            try {
                if (fail) error("boom")
                r += 1
            } finally {
                r += 10
            }
        } catch (e: IllegalStateException) {
            r += 100
        }
        return r
    }

    fun readAll(text: String): Int = StringReader(text).use { reader ->
        var n = 0
        while (reader.read() >= 0) n++
        n
    }

    fun synchronizedBlock(n: Int): Int = synchronized(lock) {
        shared += n
        if (shared > 1000) 0 else shared
    }

    @Synchronized
    fun synchronizedMethod(): Int {
        shared++
        return shared
    }

    fun collections(xs: List<Int>): Int {
        val evens = xs.filter { it % 2 == 0 }
        val doubled = xs.map { it * 2 }
        val firstBig = xs.firstOrNull { it > 100 } ?: -1
        val grouped = xs.groupBy { it % 3 }
        var total = 0
        xs.forEach { if (it > 2) total += it }
        xs.forEachIndexed { i, v -> total += i * v }
        val any = xs.any { it < 0 }
        val all = xs.all { it >= 0 }
        val sorted = xs.sortedByDescending { it }
        val m = mutableMapOf<String, Int>()
        for (x in xs) m.getOrPut("k" + x % 2) { 0 }.let { m["k" + x % 2] = it + x }
        return evens.size + doubled.sum() + firstBig + grouped.size + total +
            (if (any) 1 else 0) + (if (all) 2 else 0) + sorted.first() + m.size
    }

    fun scopes(s: String?): Int {
        val a = s?.run { length } ?: 0
        val b = StringBuilder().apply { append("x"); append(s ?: "") }.length
        val c = s.also { shared += 1 }?.length ?: 3
        val d = with(listOf(1, 2)) { size + sum() }
        val e = takeIf { a > 2 }?.let { 1 } ?: 2
        return a + b + c + d + e
    }

    fun templates(name: String, n: Int): String = "name=$name, n=${n + 1}, upper=${name.uppercase()}"

    fun arrays(n: Int): Int {
        val arr = IntArray(n) { it * it }
        val strs = Array(n) { "s$it" }
        var s = 0
        for (i in arr.indices) s += arr[i]
        return s + strs.sumOf { it.length }
    }
}
