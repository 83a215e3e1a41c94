package sc

// More shapes: specialized classes, breakable, synchronized, nested try/catch/finally, array
// and type patterns, string matches with many cases, tuples, do-while, boolean chains, App.

import scala.util.control.Breaks._

class Cell[@specialized(Int) T](val v: T) {
  def get: T = v
  def same(o: T): Boolean = v == o
}

object More {
  def breaks(xs: List[Int]): Int = {
    var s = 0
    breakable {
      for (x <- xs) {
        if (x < 0) break()
        s += x
      }
    }
    s
  }

  def sync(n: Int): Int = this.synchronized {
    if (n > 0) n else -n
  }

  def tryFinally(n: Int): Int = {
    var r = 0
    try {
      try {
        if (n == 0) throw new IllegalStateException("zero")
        r = 10 / (n - 1)
      } catch {
        case _: IllegalStateException => r = -1
        case _: ArithmeticException   => r = -2
      } finally {
        r += 100
      }
    } finally {
      r += 1000
    }
    r
  }

  def arrays(a: Array[Int]): Int = a match {
    case Array()            => 0
    case Array(x)           => x
    case Array(x, y, _*)    => x + y
  }

  def planet(s: String): Int = s match {
    case "mercury" => 1
    case "venus"   => 2
    case "earth"   => 3
    case "mars"    => 4
    case "jupiter" => 5
    case "saturn"  => 6
    case "uranus"  => 7
    case "neptune" => 8
    case _         => 0
  }

  def typeTest(x: AnyRef): Int = x match {
    case _: String            => 1
    case _: java.lang.Integer => 2
    case l: List[_]           => l.size
    case _                    => 0
  }

  def optionChain(p: Option[Person]): String =
    p.flatMap(x => Option(x.name)).filter(_.nonEmpty).map(_.toUpperCase).getOrElse("?")

  def tuples: Int = {
    val (a, b) = (1, "x")
    val t = (1, 2, 3)
    a + b.length + t._3
  }

  def whileDo(n: Int): Int = {
    var i = 0
    while ({ i += 2; i < n }) ()
    i
  }

  def ifElseChain(n: Int): String =
    if (n < 0) "neg" else if (n == 0) "zero" else if (n < 10) "small" else "big"

  def boolOps(a: Boolean, b: Boolean, c: Boolean): Boolean = (a && b) || (!a && c)
}

object Launcher extends App {
  val value: Int = args.length + 1
}
