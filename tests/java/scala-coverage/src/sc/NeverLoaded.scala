package sc

// Never loaded by the program: reported from the class files alone, all missed.

case class NeverLoaded(n: Int) {
  def twice: Int = if (n > 0) n * 2 else 0
  def name(s: Option[String]): String = s.map(_.toUpperCase).getOrElse("none")
}

object NeverLoaded {
  def make(): NeverLoaded = NeverLoaded(3)
}
