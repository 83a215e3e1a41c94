package gr

// Dynamic Groovy: properties, default arguments, the classic switch (values, ranges, classes,
// regular expressions, lists, closures), safe navigation, Elvis, closures (each, collect,
// inject, curry), maps, GStrings (lazy ones too), methodMissing/propertyMissing, the spread
// operator, ranges, loops, exceptions, Groovy truth, regex matchers, `with`.

class Dynamic {
    String name
    int count = 0
    List<String> tags = []

    def greet(who = 'world') {
        "Hello, ${who}! from $name"
    }

    static String classify(x) {
        switch (x) {
            case null: return 'null'
            case 0: return 'zero'
            case 1..9: return 'digit'
            case Integer: return 'int'
            case ~/[a-z]+/: return 'word'
            case String: return 'string'
            case [1.5, 2.5]: return 'listed'
            case { it instanceof List && it.size() > 2 }: return 'long list'
            case List: return 'list'
            default: return 'other'
        }
    }

    static int safe(Map m) {
        def len = m?.name?.length()
        len ?: -1
    }

    static String elvis(String s) {
        s ?: 'default'
    }

    static int closures(List<Integer> xs) {
        def acc = 0
        xs.each { acc += it }
        def doubled = xs.collect { it * 2 }
        def evens = xs.findAll { it % 2 == 0 }
        def total = xs.inject(0) { a, b -> a + b }
        def adder = { a, b = 1 -> a + b }
        def curried = adder.curry(10)
        acc + doubled.sum() + evens.size() + total + curried(5) + adder(1)
    }

    static int maps() {
        def m = [a: 1, b: 2, c: 3]
        m.d = 4
        int s = 0
        m.each { k, v -> s += v * k.length() }
        s + m.collect { k, v -> v }.max() + (m.containsKey('z') ? 1 : 0)
    }

    static String gstrings(String who, int n) {
        def lazyG = "${-> who.toUpperCase()}"
        "name=$who n=${n * 2} ${lazyG} ${n > 3 ? 'big' : 'small'}"
    }

    def propertyMissing(String p) {
        "missing $p"
    }

    def methodMissing(String nm, args) {
        "called $nm with ${args.length}"
    }

    static int dynamicDispatch(obj) {
        obj.size()
    }

    static int spread(List<String> xs) {
        xs*.length().sum() ?: 0
    }

    static int ranges(int n) {
        (1..n).step(2).sum() + ('a'..'e').size()
    }

    static int loops(int n) {
        int s = 0
        for (i in 0..<n) {
            if (i == 3) continue
            s += i
        }
        for (int i = 0; i < n; i++) s++
        n.times { s += it }
        while (s > 100) s -= 7
        s
    }

    static int exceptions(String s) {
        try {
            Integer.parseInt(s)
        } catch (NumberFormatException e) {
            -1
        } finally {
            s.size()
        }
    }

    static boolean truth(x) {
        x ? true : false
    }

    static int regex(String s) {
        def m = s =~ /(\d+)/
        m.find() ? m.group(1).toInteger() : 0
    }

    static int withBlock() {
        new StringBuilder().with {
            append('abc')
            length()
        }
    }

    static String switchExpression(int n) {
        def r = switch (n) {
            case 1 -> 'one'
            case 2, 3 -> 'few'
            case 4..9 -> 'some'
            default -> 'many'
        }
        r
    }
}
