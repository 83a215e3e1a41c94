package kt

import kotlin.properties.Delegates
import kotlin.reflect.KProperty

// Classes: data classes, value classes, objects and companions, interfaces with default
// methods, delegation (class and property), inner/nested/anonymous classes, init blocks,
// secondary constructors, custom accessors, enum classes with bodies.

data class Person(val name: String, var age: Int = 0, val tags: List<String> = emptyList()) {
    val adult: Boolean get() = age >= 18

    fun older(): Person = copy(age = age + 1)
}

@JvmInline
value class Meters(val v: Double) {
    operator fun plus(o: Meters) = Meters(v + o.v)

    fun describe(): String = if (v > 1000) "far" else "near"

    override fun toString(): String = "${v}m"
}

@JvmInline
value class Id(val raw: String) : Comparable<Id> {
    init {
        require(raw.isNotEmpty()) { "empty id" }
    }

    override fun compareTo(other: Id): Int = raw.compareTo(other.raw)
}

interface Greeter {
    val prefix: String get() = "Hi"

    fun greet(who: String): String = "$prefix, $who"

    fun name(): String
}

class English : Greeter {
    override fun name() = "en"
}

class Pirate : Greeter {
    override val prefix = "Ahoy"

    override fun name() = "pirate"

    override fun greet(who: String): String = if (who.isEmpty()) "Arr" else super.greet(who)
}

class LoudGreeter(private val inner: Greeter) : Greeter by inner {
    override fun greet(who: String): String = inner.greet(who).uppercase()
}

class Trimmed {
    var text: String = ""
        set(value) {
            field = value.trim()
        }
        get() = if (field.isEmpty()) "<empty>" else field
}

class Delegated {
    val expensive: Int by lazy { computeCount++; 42 }
    var observed: Int by Delegates.observable(0) { _, old, new -> changes += new - old }
    var vetoed: Int by Delegates.vetoable(0) { _, _, new -> new >= 0 }
    val mapped: Map<String, Any?> = mapOf("k" to 3)
    val k: Int by mapped
    var custom: String by Upper()
    var changes = 0
    var computeCount = 0
}

class Upper {
    private var v = ""
    operator fun getValue(thisRef: Any?, property: KProperty<*>): String = v
    operator fun setValue(thisRef: Any?, property: KProperty<*>, value: String) {
        v = value.uppercase()
    }
}

class Counter private constructor(val start: Int) {
    var count = start
        private set

    init {
        if (start < 0) throw IllegalArgumentException("negative")
    }

    constructor() : this(0)

    constructor(s: String) : this(s.length) {
        count += 100
    }

    fun inc(): Counter {
        count++
        return this
    }

    companion object Factory {
        private var made = 0

        fun create(n: Int): Counter {
            made++
            return Counter(n)
        }

        @JvmStatic
        fun made(): Int = made

        val DEFAULT = Counter(1)
    }

    inner class View {
        fun show(): String = "count=$count"
    }

    class Nested(val n: Int) {
        fun twice() = n * 2
    }
}

object Registry {
    private val items = mutableListOf<String>()

    fun add(s: String): Registry {
        if (s !in items) items.add(s)
        return this
    }

    fun size() = items.size
}

enum class Op(val symbol: String) {
    ADD("+") {
        override fun apply(a: Int, b: Int) = a + b
    },
    MUL("*") {
        override fun apply(a: Int, b: Int) = a * b
    };

    abstract fun apply(a: Int, b: Int): Int

    companion object {
        fun of(s: String): Op? = entries.firstOrNull { it.symbol == s }
    }
}

abstract class Animal(val name: String) {
    abstract fun sound(): String
    open fun describe(): String = "$name says ${sound()}"
}

class Dog : Animal("dog") {
    override fun sound() = "woof"
}

fun anonymous(n: Int): Int {
    val cmp = object : Comparator<Int> {
        override fun compare(a: Int, b: Int): Int = if (a < b) 1 else if (a > b) -1 else 0
    }
    val r = object : Runnable {
        var ran = 0
        override fun run() {
            ran += n
        }
    }
    r.run()
    return listOf(3, 1, 2).sortedWith(cmp).first() + r.ran
}

fun useClasses(): Long {
    var sum = 0L
    val p = Person("ann", 17).older()
    sum += if (p.adult) 1 else 0
    sum += p.hashCode().toLong() and 0xff
    sum += if (p == Person("ann", 18)) 5 else 0
    sum += p.toString().length
    val (n, a) = p
    sum += n.length + a
    val m = Meters(3.0) + Meters(1500.0)
    sum += m.describe().length + m.toString().length
    sum += Id("b").compareTo(Id("a"))
    sum += English().greet("bob").length + Pirate().greet("").length + Pirate().greet("x").length
    sum += LoudGreeter(English()).greet("z").length + LoudGreeter(English()).name().length
    val t = Trimmed()
    sum += t.text.length
    t.text = "  x "
    sum += t.text.length
    val l = Delegated()
    sum += l.expensive + l.expensive + l.computeCount
    l.observed = 5
    l.observed = 7
    l.vetoed = -1
    l.vetoed = 4
    l.custom = "abc"
    sum += l.changes + l.vetoed + l.k + l.custom.length
    val c = Counter.create(2).inc()
    sum += c.count + Counter("xy").count + Counter().count + Counter.made() + Counter.DEFAULT.count
    sum += c.View().show().length + Counter.Nested(4).twice()
    sum += Registry.add("a").add("b").add("a").size()
    sum += Op.ADD.apply(2, 3) + (Op.of("*")?.apply(2, 5) ?: 0) + (Op.of("-")?.apply(1, 1) ?: 0)
    sum += Dog().describe().length
    sum += anonymous(4)
    return sum
}
