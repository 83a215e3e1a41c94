package fuzz

import kotlin.system.exitProcess

/**
 * Checks that the shim's KotlinHooks answer as kotlin-stdlib does: random short strings over
 * letters whose cases do not map one to one (dotless i, sharp s, final sigma, title-case
 * digraphs, a surrogate pair), each pair with and without ignoreCase, String and StringBuilder
 * receivers, the `$default` twins with and without their mask bit, and nulls where Kotlin
 * declares none. The hooks are called by reflection, so this compiles without the shim. Prints the
 * first mismatches and exits 1 if there is any.
 */
object KtHooksAgree {
    @JvmStatic
    fun main(args: Array<String>) {
        val hooks = Class.forName("com.jvmfuzz.shim.fuzz.KotlinHooks")
        val str = String::class.java
        val seq = CharSequence::class.java
        val bool = java.lang.Boolean.TYPE
        val equals = hooks.getMethod("stringEquals", str, str, bool)
        val startsWith = hooks.getMethod("startsWith", str, str, bool)
        val endsWith = hooks.getMethod("endsWith", str, str, bool)
        val contains = hooks.getMethod("contains", seq, seq, bool)
        val areEqual = hooks.getMethod("areEqual", Any::class.java, Any::class.java)
        val int = Integer.TYPE
        val obj = Any::class.java
        // The `$default` twins, against the stdlib's own (a mask bit says ignoreCase was left out).
        val stdlib = Class.forName("kotlin.text.StringsKt")
        val defaults = listOf(
            Triple("stringEqualsDefault", "equals\$default", arrayOf(str, str, bool, int, obj)),
            Triple("startsWithDefault", "startsWith\$default", arrayOf(str, str, bool, int, obj)),
            Triple("endsWithDefault", "endsWith\$default", arrayOf(str, str, bool, int, obj)),
            Triple("containsDefault", "contains\$default", arrayOf(seq, seq, bool, int, obj))
        ).map { (hook, real, types) ->
            Triple(hook, hooks.getMethod(hook, *types), stdlib.getMethod(real, *types).also { it.isAccessible = true })
        }
        // A null where Kotlin declares none: the same exception, with the same message.
        fun outcome(m: java.lang.reflect.Method, vararg args: Any?): String = try {
            m.invoke(null, *args).toString()
        } catch (e: java.lang.reflect.InvocationTargetException) {
            "${e.cause?.javaClass?.name}: ${e.cause?.message}"
        }
        val nullable = listOf(
            Triple("startsWith", arrayOf(str, str, bool), arrayOf<Any?>(null, "a", false)),
            Triple("startsWith", arrayOf(str, str, bool), arrayOf<Any?>("a", null, true)),
            Triple("endsWith", arrayOf(str, str, bool), arrayOf<Any?>(null, "a", false)),
            Triple("contains", arrayOf(seq, seq, bool), arrayOf<Any?>("a", null, false))
        )
        val letters = "aAbBiI\u0131\u0130\u00df\u1e9e\u03c3\u03a3\u03c2 \u01c4\u01c5\u01c6\uD801\uDC00\uD801\uDC28x"
        val random = java.util.Random(args.firstOrNull()?.toLong() ?: 7L)
        fun word() = buildString { repeat(random.nextInt(6)) { append(letters[random.nextInt(letters.length)]) } }
        var checked = 0
        var mismatches = 0
        fun agree(what: String, hook: Any?, stdlib: Boolean) {
            checked++
            if (hook != stdlib && mismatches++ < 10) {
                println("mismatch: $what: hook $hook, kotlin-stdlib $stdlib")
            }
        }
        repeat(100_000) {
            val a = word()
            val b = if (random.nextInt(4) == 0) a.toUpperCase() else word()
            val ignoreCase = random.nextBoolean()
            val builder: CharSequence = StringBuilder(a)
            val other: CharSequence = StringBuilder(b)
            agree("equals('$a', '$b', $ignoreCase)", equals.invoke(null, a, b, ignoreCase), a.equals(b, ignoreCase))
            agree("startsWith('$a', '$b', $ignoreCase)", startsWith.invoke(null, a, b, ignoreCase), a.startsWith(b, ignoreCase))
            agree("endsWith('$a', '$b', $ignoreCase)", endsWith.invoke(null, a, b, ignoreCase), a.endsWith(b, ignoreCase))
            agree("contains('$a', '$b', $ignoreCase)", contains.invoke(null, a, b, ignoreCase), a.contains(b, ignoreCase))
            agree("contains(sb '$a', sb '$b', $ignoreCase)", contains.invoke(null, builder, other, ignoreCase), builder.contains(other, ignoreCase))
            agree("contains(sb '$a', '$b', $ignoreCase)", contains.invoke(null, builder, b, ignoreCase), builder.contains(b, ignoreCase))
            agree("areEqual('$a', '$b')", areEqual.invoke(null, a, b), a == b)
            val mask = if (random.nextBoolean()) 2 else 0
            for ((name, hook, real) in defaults) {
                checked++
                val (x, y) = if (name == "containsDefault" && random.nextBoolean()) Pair(builder, other) else Pair(a, b)
                val h = hook.invoke(null, x, y, ignoreCase, mask, null)
                val r = real.invoke(null, x, y, ignoreCase, mask, null)
                if (h != r && mismatches++ < 10) {
                    println("mismatch: $name('$x', '$y', $ignoreCase, mask $mask): hook $h, kotlin-stdlib $r")
                }
            }
        }
        for ((name, types, args) in nullable) {
            checked++
            val h = outcome(hooks.getMethod(name, *types), *args)
            val r = outcome(stdlib.getMethod(name, *types).also { it.isAccessible = true }, *args)
            if (h != r && mismatches++ < 10) {
                println("mismatch: $name(${args.toList()}): hook $h, kotlin-stdlib $r")
            }
        }
        println("checked $checked, mismatches $mismatches")
        if (mismatches > 0) {
            exitProcess(1)
        }
    }
}
