package sc

// Pattern matching: case classes and objects of a sealed trait, guards, literals, types,
// tuples, lists, options, alternatives, extractors, regular expressions, `@switch`.

import scala.annotation.switch

sealed trait Shape
final case class Circle(r: Int) extends Shape
final case class Rect(w: Int, h: Int) extends Shape
case object Empty extends Shape
final case class Group(items: List[Shape]) extends Shape

object Shapes {
  def area(s: Shape): Int = s match {
    case Circle(r) if r > 10 => 3 * r * r + 1
    case Circle(r)           => 3 * r * r
    case Rect(w, h)          => w * h
    case Empty               => 0
    case Group(items)        => items.map(area).sum
  }

  def describe(x: Any): String = x match {
    case 0                        => "zero"
    case i: Int if i < 0          => "negative"
    case i: Int                   => s"int $i"
    case s: String if s.isEmpty   => "empty string"
    case s: String                => s"string of ${s.length}"
    case (a, b)                   => s"pair $a $b"
    case List(a, b, _*)           => s"list starting $a $b"
    case Nil                      => "nil"
    case Some(v)                  => s"some $v"
    case None                     => "none"
    case _: Shape                 => "shape"
    case null                     => "null"
    case _                        => "other"
  }

  def day(n: Int): String = (n: @switch) match {
    case 1     => "mon"
    case 2     => "tue"
    case 3 | 4 => "mid"
    case 5     => "fri"
    case _     => "weekend"
  }

  def command(s: String): Int = s match {
    case "start"          => 1
    case "stop"           => 2
    case "pause" | "hold" => 3
    case _                => 0
  }

  def sumList(xs: List[Int]): Int = xs match {
    case Nil    => 0
    case h :: t => h + sumList(t)
  }

  object Even {
    def unapply(n: Int): Boolean = n % 2 == 0
  }

  object Twice {
    def unapply(n: Int): Option[Int] = if (n % 2 == 0) Some(n / 2) else None
  }

  def extract(n: Int): String = n match {
    case Twice(Even()) => "quad"
    case Twice(h)      => s"half $h"
    case _             => "odd"
  }

  private val Pattern = "([a-z]+)-(\\d+)".r

  def regex(s: String): Int = s match {
    case Pattern(name, num) => name.length + num.toInt
    case _                  => -1
  }

  def option(o: Option[String]): Int = o.map(_.length).filter(_ > 2).getOrElse(-1)

  def nested(s: Shape, flag: Boolean): Int = (s, flag) match {
    case (Rect(w, _), true) if w > 1 => w
    case (Rect(_, h), _)             => h
    case (c: Circle, false)          => c.r
    case _                           => -1
  }
}
