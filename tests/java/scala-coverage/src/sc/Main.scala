package sc

// Drives the program with inputs that cover many, but deliberately not all, branches, and
// prints a checksum so the two runs (JaCoCo's agent, jvmfuzz's) can be checked to agree.

object Main {
  def main(args: Array[String]): Unit = {
    import Implicits._
    var sum = 0L
    sum += Shapes.area(Circle(2)) + Shapes.area(Rect(2, 3)) + Shapes.area(Group(List(Empty, Circle(1))))
    for (x <- List[Any](0, -3, 7, "", "abc", (1, 2), List(1, 2, 3), Nil, Some(4), Empty, 2.5))
      sum += Shapes.describe(x).length
    sum += Shapes.day(1).length + Shapes.day(4).length + Shapes.day(9).length
    sum += Shapes.command("start") + Shapes.command("hold") + Shapes.command("zzz")
    sum += Shapes.sumList(List(1, 2, 3))
    sum += Shapes.extract(8).length + Shapes.extract(6).length + Shapes.extract(7).length
    sum += Shapes.regex("abc-12") + Shapes.regex("??")
    sum += Shapes.option(Some("abcd")) + Shapes.option(None)
    sum += Shapes.nested(Rect(3, 4), true) + Shapes.nested(Circle(5), false)

    val p = new Person("Ada Lovelace", 36)
    p.birthday()
    sum += p.age + p.initials.length + p.initials.length + p.greet.length + p.tick() + p.tick()
    sum += new LoudPerson("bob").greet.length + p.toString.length
    sum += new Dog().describe.length + new Bird().fly(50).hashCode
    sum += Registry.lookup("a") + Registry.lookup("zz") + Registry.count
    val st = new ListStack[Int](Nil).push(1).push(2)
    sum += st.top.getOrElse(0) + st.size
    val b = new Box(21).map(_ * 2)
    sum += b.inner.outerValue
    sum += (new Meters(1.5) + new Meters(2.0)).show.length
    val q = Point(1, 2) + Point(3)
    sum += q.norm1 + Point.parse("4, 5").map(_.x).getOrElse(0) + Point.parse("x").size
    sum += (if (q == Point(4, 2)) 1 else 0) + q.hashCode % 7 + q.toString.length + q.copy(y = 9).y
    sum += (if (Color.warm(Color.Red)) 1 else 0) + Color.Blue.id + Color.values.size
    val t = Node(Leaf(1), Node(Leaf(2), Leaf(3)))
    sum += t.sum + t.depth

    sum += Functions.forComp(5) + Functions.forOption(Some(6), Some(3)).getOrElse(0)
    sum += Functions.forOption(Some(1), Some(0)).getOrElse(-1) + Functions.forOption(None, Some(1)).size
    sum += Functions.forLoop(5) + Functions.whileLoop(6)
    sum += Functions.closures(List(1, 2, 3)) + Functions.compose
    sum += Functions.usePartial(List(1, -1, "xy", 2.0))
    sum += Functions.gcd(48, 18) + Functions.factorial(6).toInt
    sum += Functions.curried(1)(2) + Functions.curried(1)(2)(Scale(5))
    sum += Functions.byName(true, 7) + Functions.byName(false, sys.error("never"))
    sum += Functions.defaults(1).length + Functions.defaults(1, c = "zz").length + Functions.varargs(1, 2, 3)
    sum += Functions.tryCatch("12") + Functions.tryCatch("x")
    sum += Functions.tryValue("3") + Functions.tryValue("y") + Functions.useEither
    sum += Functions.lazyLocal(true) + Functions.lazyLocal(false)
    sum += Functions.returnFromClosure(List(1, 2, 3, 4)) + Functions.returnFromClosure(Nil)
    sum += Functions.strings("abc").length + Functions.collections + Functions.lazyList
    sum += Functions.matchOnTry(3).length + Functions.matchOnTry(-1).length

    var ticks = 0
    3.times { ticks += 1 }
    sum += ticks + 5.squared
    sum += show(3).length + show(List(1, 2)).length
    sum += usePoint("3,4") + usePoint("bad")
    sum += new Cell(3).get + (if (new Cell("a").same("b")) 1 else 0) + (if (new Cell(4).same(4)) 1 else 0)
    sum += More.breaks(List(1, 2, -1, 5)) + More.sync(-4)
    sum += More.tryFinally(0) + More.tryFinally(1) + More.tryFinally(3)
    sum += More.arrays(Array(7)) + More.arrays(Array(1, 2, 3))
    sum += More.planet("earth") + More.planet("neptune") + More.planet("pluto")
    sum += More.typeTest("s") + More.typeTest(List(1, 2))
    sum += More.optionChain(Some(new Person("eve", 1))).length + More.optionChain(None).length
    sum += More.tuples + More.whileDo(7) + More.ifElseChain(5).length + More.ifElseChain(-5).length
    sum += (if (More.boolOps(true, true, false)) 1 else 0) + (if (More.boolOps(false, false, true)) 2 else 0)
    Launcher.main(Array("x"))
    sum += Launcher.value
    println(s"checksum $sum")
  }
}
