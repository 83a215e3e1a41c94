package kt

// `when` on enums, sealed classes, strings, ranges and types; nullable enum subjects.

enum class Color { RED, GREEN, BLUE, BLACK }

enum class Planet(val mass: Double, val radius: Double) {
    MERCURY(3.303e+23, 2.4397e6),
    EARTH(5.976e+24, 6.37814e6);

    fun gravity(): Double = 6.67300E-11 * mass / (radius * radius)
}

sealed class Shape {
    data class Circle(val r: Int) : Shape()
    data class Rect(val w: Int, val h: Int) : Shape()
    object Empty : Shape()
}

sealed interface Expr
data class Num(val v: Int) : Expr
data class Sum(val a: Expr, val b: Expr) : Expr
data class Neg(val e: Expr) : Expr

object Whens {
    fun colorName(c: Color): String = when (c) {
        Color.RED -> "red"
        Color.GREEN -> "green"
        Color.BLUE -> "blue"
        Color.BLACK -> "black"
    }

    fun warm(c: Color): Boolean {
        when (c) {
            Color.RED -> return true
            else -> return false
        }
    }

    fun nullableColor(c: Color?): Int = when (c) {
        Color.RED -> 1
        Color.GREEN -> 2
        null -> 0
        else -> 3
    }

    fun area(s: Shape): Int = when (s) {
        is Shape.Circle -> 3 * s.r * s.r
        is Shape.Rect -> s.w * s.h
        Shape.Empty -> 0
    }

    fun eval(e: Expr): Int = when (e) {
        is Num -> e.v
        is Sum -> eval(e.a) + eval(e.b)
        is Neg -> -eval(e.e)
    }

    fun command(s: String): Int = when (s) {
        "start" -> 1
        "stop" -> 2
        "pause", "hold" -> 3
        "Aa", "BB" -> 4 // same hashCode
        else -> 0
    }

    fun commandStatement(s: String): String {
        var r = "?"
        when (s) {
            "a" -> r = "A"
            "b" -> r = "B"
        }
        return r
    }

    fun grade(n: Int): Char = when (n) {
        in 90..100 -> 'A'
        in 80 until 90 -> 'B'
        in 0..79 -> 'C'
        else -> '?'
    }

    fun kind(x: Any?): String = when (x) {
        null -> "null"
        is Int -> if (x > 0) "pos" else "nonpos"
        is String -> "str" + x.length
        is List<*> -> "list"
        else -> "other"
    }

    fun noSubject(a: Int, b: Int): Int = when {
        a > b -> 1
        a < b -> -1
        else -> 0
    }

    fun denseInts(n: Int): Int = when (n) {
        1 -> 10
        2 -> 20
        3 -> 30
        4 -> 40
        else -> -1
    }

    fun entriesCount(): Int = Color.entries.size + Planet.entries.count { it.gravity() > 5.0 }
}
