package sc

// Traits (stackable, with state), abstract classes, lazy vals, objects, inner classes with
// `$outer`, value classes, case classes with defaults and companions, enumerations.

trait Greeter {
  def name: String
  def greet: String = s"hello $name"
}

trait Loud extends Greeter {
  override def greet: String = super.greet.toUpperCase
}

trait Counter {
  private var count = 0
  def tick(): Int = { count += 1; count }
}

class Person(val name: String, var age: Int) extends Greeter with Counter {
  lazy val initials: String = name.split(" ").map(_.head).mkString
  def birthday(): Unit = age += 1
  override def toString: String = s"Person($name, $age)"
}

class LoudPerson(name: String) extends Person(name, 0) with Loud

abstract class Animal(val legs: Int) {
  def sound: String
  def describe: String = s"${getClass.getSimpleName} with $legs legs says $sound"
}

class Dog extends Animal(4) {
  def sound = "woof"
}

class Bird extends Animal(2) {
  def sound = "tweet"
  def fly(h: Int): Boolean = h < 100
}

object Registry {
  lazy val table: Map[String, Int] = Map("a" -> 1, "b" -> 2)
  private var hits = 0
  def lookup(k: String): Int = { hits += 1; table.getOrElse(k, -1) }
  def count: Int = hits
}

trait Stack[A] {
  def push(a: A): Stack[A]
  def top: Option[A]
  def size: Int
}

final class ListStack[A](items: List[A]) extends Stack[A] {
  def push(a: A): Stack[A] = new ListStack(a :: items)
  def top: Option[A] = items.headOption
  def size: Int = items.size
}

class Box[T](val value: T) { self =>
  def map[U](f: T => U): Box[U] = new Box(f(self.value))
  class Inner {
    def outerValue: T = self.value
  }
  def inner: Inner = new Inner
}

final class Meters(val value: Double) extends AnyVal {
  def +(o: Meters): Meters = new Meters(value + o.value)
  def show: String = f"$value%.1f m"
}

case class Point(x: Int, y: Int = 0) {
  def +(p: Point): Point = copy(x = x + p.x, y = y + p.y)
  def norm1: Int = math.abs(x) + math.abs(y)
}

object Point {
  val origin: Point = Point(0, 0)
  def parse(s: String): Option[Point] = s.split(",") match {
    case Array(a, b) => Some(Point(a.trim.toInt, b.trim.toInt))
    case _           => None
  }
}

object Color extends Enumeration {
  val Red, Green, Blue = Value
  def warm(c: Value): Boolean = c == Red
}

sealed abstract class Tree {
  def sum: Int = this match {
    case Leaf(v)    => v
    case Node(l, r) => l.sum + r.sum
  }
  def depth: Int
}
final case class Leaf(v: Int) extends Tree { def depth = 1 }
final case class Node(l: Tree, r: Tree) extends Tree { def depth: Int = 1 + math.max(l.depth, r.depth) }
