package gr

// Generated code: @Immutable, @ToString, @EqualsAndHashCode, @Canonical, @TupleConstructor,
// @Builder, @Memoized, @Lazy, @Delegate, @Sortable, @Singleton, traits, enums, interfaces.

import groovy.transform.Canonical
import groovy.transform.CompileStatic
import groovy.transform.EqualsAndHashCode
import groovy.transform.Immutable
import groovy.transform.Memoized
import groovy.transform.Sortable
import groovy.transform.ToString
import groovy.transform.TupleConstructor
import groovy.transform.builder.Builder

@Immutable
class Money {
    int amount
    String currency

    Money plus(Money o) {
        if (currency != o.currency) throw new IllegalArgumentException('currency')
        new Money(amount + o.amount, currency)
    }
}

@ToString(includeNames = true)
@EqualsAndHashCode
class Item {
    String name
    int qty
}

@Canonical
class Pair2 {
    def left
    def right
}

@TupleConstructor
class Coord {
    int x
    int y

    int dist() { Math.abs(x) + Math.abs(y) }
}

@Builder
class Config {
    String host
    int port
}

@Sortable(includes = ['last', 'first'])
class Name {
    String first
    String last
}

@Singleton
class Counters {
    int n

    int next() { ++n }
}

class Memo {
    int calls = 0

    @Memoized
    int fib(int n) {
        calls++
        n < 2 ? n : fib(n - 1) + fib(n - 2)
    }
}

class Resource {
    @Lazy List<String> data = ['x', 'y', 'z']
}

class Wrapper {
    @Delegate List<Integer> inner = []
}

trait Named {
    String name

    String hello() { "hi $name" }
}

trait Counting {
    int cnt = 0

    int inc() {
        cnt = cnt + 1
        cnt
    }
}

class Robot implements Named, Counting {
}

enum Planet {
    MERCURY(3.3), EARTH(5.9)

    final double mass

    Planet(double m) { mass = m }

    String big() { mass > 5 ? 'big' : 'small' }
}

interface Area {
    double area()
}

@CompileStatic
class Square implements Area {
    double side

    double area() { side * side }
}

@CompileStatic
@Immutable
class StaticPoint {
    int x
    int y

    StaticPoint plus(StaticPoint o) { new StaticPoint(x + o.x, y + o.y) }
}
