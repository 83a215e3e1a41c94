package sc

// For-comprehensions, loops, closures, partial functions, tail recursion, by-name and default
// parameters, varargs, try/catch/finally, Try and Either, local lazy vals, non-local return,
// string interpolators, collections, implicits (classes, parameters, conversions, type classes).

import scala.annotation.tailrec
import scala.language.implicitConversions
import scala.util.{Failure, Success, Try}

case class Scale(k: Int)

object Functions {
  def forComp(n: Int): Int = {
    val xs = for {
      i <- 1 to n
      j <- 1 to i
      if (i + j) % 3 == 0
    } yield i * j
    xs.sum
  }

  def forOption(a: Option[Int], b: Option[Int]): Option[Int] =
    for {
      x <- a
      y <- b
      if y != 0
    } yield x / y

  def forLoop(n: Int): Int = {
    var s = 0
    for (i <- 0 until n) s += i
    s
  }

  def whileLoop(n: Int): Int = {
    var i = n
    var steps = 0
    while (i != 1) {
      i = if (i % 2 == 0) i / 2 else 3 * i + 1
      steps += 1
    }
    steps
  }

  def closures(xs: List[Int]): Int = {
    var acc = 0
    xs.foreach(x => acc += x)
    val add = (a: Int) => (b: Int) => a + b
    val inc = add(1)
    acc + xs.map(inc).filter(_ % 2 == 0).foldLeft(0)(_ + _)
  }

  def compose: Int = {
    val f = (x: Int) => x * 2
    val g = (x: Int) => x + 3
    (f andThen g)(5) + (f compose g)(5)
  }

  val partial: PartialFunction[Any, String] = {
    case i: Int if i > 0 => "positive"
    case s: String       => s
  }

  def usePartial(xs: List[Any]): Int = xs.collect(partial).map(_.length).sum

  @tailrec def gcd(a: Int, b: Int): Int = if (b == 0) a else gcd(b, a % b)

  def factorial(n: Int): BigInt = if (n <= 1) BigInt(1) else BigInt(n) * factorial(n - 1)

  def curried(a: Int)(b: Int)(implicit scale: Scale): Int = (a + b) * scale.k

  def byName(cond: Boolean, x: => Int): Int = if (cond) x else 0

  def defaults(a: Int, b: Int = 2, c: String = "c"): String = s"$a$b$c"

  def varargs(xs: Int*): Int = xs.sum

  def tryCatch(s: String): Int =
    try s.toInt
    catch { case _: NumberFormatException => -1 }
    finally Registry.lookup("b")

  def tryValue(s: String): Int = Try(s.toInt) match {
    case Success(v) => v
    case Failure(_) => 0
  }

  def either(s: String): Either[String, Int] =
    if (s.nonEmpty && s.forall(_.isDigit)) Right(s.toInt) else Left(s)

  def useEither: Int = either("12").fold(_.length, identity) + either("ab").fold(_.length, identity)

  def lazyLocal(flag: Boolean): Int = {
    lazy val expensive = Registry.lookup("a") * 10
    if (flag) expensive + expensive else 0
  }

  def returnFromClosure(xs: List[Int]): Int = {
    xs.foreach(x => if (x > 2) return x)
    -1
  }

  def strings(s: String): String = s"${s.reverse}-${s.length}" + raw"\n" + f"${s.length}%03d"

  def collections: Int = {
    val m = scala.collection.mutable.Map[String, Int]()
    for (w <- "a b a c b a".split(" ")) m(w) = m.getOrElse(w, 0) + 1
    val arr = Array(3, 1, 2).sorted
    val pairs = List(1, 2, 3).zip(List(4, 5, 6)).map { case (a, b) => a * b }.sum
    m("a") + arr(0) + pairs + Vector.tabulate(4)(i => i * i).sum
  }

  def lazyList: Int = LazyList.from(1).filter(_ % 3 == 0).take(4).sum

  def matchOnTry(n: Int): String = {
    val r = Try { if (n < 0) throw new IllegalArgumentException("neg") else n }
    r.map(_ * 2).recover { case e: IllegalArgumentException => e.getMessage.length }.get.toString
  }
}

object Implicits {
  implicit val defaultScale: Scale = Scale(2)

  implicit class RichInt(val n: Int) extends AnyVal {
    def squared: Int = n * n
    def times(f: => Unit): Unit = {
      var i = 0
      while (i < n) { f; i += 1 }
    }
  }

  trait Show[A] {
    def show(a: A): String
  }

  implicit val showInt: Show[Int] = (a: Int) => s"i$a"

  implicit def showList[A](implicit s: Show[A]): Show[List[A]] =
    (as: List[A]) => as.map(s.show).mkString("[", ",", "]")

  def show[A](a: A)(implicit s: Show[A]): String = s.show(a)

  implicit def stringToPoint(s: String): Point = Point.parse(s).getOrElse(Point.origin)

  def usePoint(p: Point): Int = p.norm1
}
