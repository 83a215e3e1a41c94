package kt

// Drives the program with inputs that cover many, but deliberately not all, branches, and
// prints a checksum so the two runs (JaCoCo's agent, jvmfuzz's) can be checked to agree.

fun main() {
    var sum = 0L
    sum += Whens.colorName(Color.RED).length + Whens.colorName(Color.BLUE).length
    sum += if (Whens.warm(Color.GREEN)) 1 else 0
    sum += Whens.nullableColor(null) + Whens.nullableColor(Color.GREEN)
    sum += Whens.area(Shape.Circle(2)) + Whens.area(Shape.Empty)
    sum += Whens.eval(Sum(Num(2), Neg(Num(5))))
    sum += Whens.command("start") + Whens.command("hold") + Whens.command("BB") + Whens.command("zzz")
    sum += Whens.commandStatement("a").length
    sum += Whens.grade(95).code + Whens.grade(50).code
    sum += Whens.kind(5).length + Whens.kind("abc").length + Whens.kind(null).length
    sum += Whens.noSubject(1, 2) + Whens.noSubject(2, 2)
    sum += Whens.denseInts(2) + Whens.denseInts(9)
    sum += Whens.entriesCount()

    val list = Node(1, Node(2, Node(3, null)))
    sum += Nulls.safeLength("abc") ?: 0
    sum += Nulls.chain(list) ?: 0
    sum += Nulls.chain(Node(9, null)) ?: 0
    sum += Nulls.chainLabel(list) ?: 0
    sum += Nulls.elvis(null) + Nulls.elvis("xy")
    sum += Nulls.elvisChain(list)
    sum += Nulls.elvisThrow("q").length
    sum += Nulls.elvisReturn(null) + Nulls.elvisReturn("abcd")
    sum += Nulls.bang("12345")
    sum += Nulls.bangChain(list)
    sum += Nulls.unsafeCast("cast").length
    sum += Nulls.unsafeCastNullable(null)?.length ?: 0
    sum += Nulls.safeCast("xyz") + Nulls.safeCast(3)
    sum += Nulls.letChain("ab") + Nulls.platform(StringBuilder("s")) + Nulls.orEmpty(null)
    val h = Holder()
    sum += if (h.initialized()) 1 else 0
    h.name = "kt"
    sum += h.greet().length
    h.setSecret("s3")
    sum += h.secretLength()

    sum += greet().length + greet("x", '?').length
    sum += overloaded(1).length + overloaded(1, 3).length
    val o = Overloads(1)
    sum += o.member() + o.defaults().length + Overloads(2, 3, "w").member(5)
    sum += Tools.useInline(listOf(1, "a", 2.0, null, 3))
    sum += "abc".shout().length + "education".vowels + (2 pow 10) + gcd(48, 18) + sumAll(1, 2, 3)
    sum += localFunctions(4) + higherOrder(listOf(1, 2, 3, 4)) + references(listOf("a", "bcd"))
    val v = Vec(1, 2) + Vec(3, 4) * 2
    sum += v[0] + v[1] + (-v).x + (if (v > Vec(0, 0)) 1 else 0)
    sum += Tools.staticHelper(1) + Tools.hiddenFromJava(5)

    sum += useClasses()
    sum += runCoroutines()

    sum += Control.loops(6) + Control.exceptions("12") + Control.exceptions("x")
    sum += Control.tryExpression("") + Control.tryExpression("abc")
    sum += Control.nestedFinally(false) + Control.nestedFinally(true)
    sum += Control.readAll("hello")
    sum += Control.synchronizedBlock(3) + Control.synchronizedMethod()
    sum += Control.collections(listOf(1, 2, 3, 4, 5, 6))
    sum += Control.scopes("abcd") + Control.scopes(null)
    sum += Control.templates("k", 2).length + Control.arrays(4)
    println("checksum $sum")
}
