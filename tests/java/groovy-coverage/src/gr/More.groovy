package gr

// More shapes: native records, sealed types, native lambdas and method references under
// @CompileStatic, do-while, enum switches, @TypeChecked, @NullCheck, @InheritConstructors,
// @AutoClone, power asserts.

import groovy.transform.AutoClone
import groovy.transform.CompileStatic
import groovy.transform.InheritConstructors
import groovy.transform.NullCheck
import groovy.transform.TypeChecked

record Pt(int x, int y) {
    int sum() { x + y }
}

sealed interface Pet permits Cat, Hound {}

final class Cat implements Pet {
    String say() { 'meow' }
}

final class Hound implements Pet {
    String say() { 'woof' }
}

@CompileStatic
class Lambdas {
    static int lambdas(List<Integer> xs) {
        xs.stream().map(x -> x * 2).filter(x -> x > 2).mapToInt(Integer::intValue).sum()
    }

    static int methodRef(List<String> xs) {
        xs.stream().mapToInt(String::length).sum()
    }

    static int doWhile(int n) {
        int i = 0
        do {
            i += 3
        } while (i < n)
        i
    }

    static int enumSwitch(Planet p) {
        switch (p) {
            case Planet.MERCURY: return 1
            case Planet.EARTH: return 3
            default: return 0
        }
    }

    static String pet(Pet p) {
        if (p instanceof Cat) return ((Cat) p).say()
        ((Hound) p).say()
    }
}

@TypeChecked
class Checked {
    static String join(List<String> xs, String sep) {
        xs ? xs.join(sep) : ''
    }
}

@NullCheck
class Guarded {
    String upper(String s) {
        s.toUpperCase()
    }
}

@InheritConstructors
class AppException extends RuntimeException {
}

@AutoClone
class Sheep implements Cloneable {
    String name
}

class Asserts {
    static int check(int n) {
        assert n > 0 : 'positive'
        n
    }
}
