package gr

// Drives the program with inputs that cover many, but deliberately not all, branches, and
// prints a checksum so the two runs (JaCoCo's agent, jvmfuzz's) can be checked to agree.

class Main {
    static void main(String[] args) {
        long sum = 0
        def d = new Dynamic(name: 'dyn')
        sum += d.greet().length() + d.greet('you').length()
        for (x in [null, 0, 5, 42, 'abc', 'ABC', 1.5, [1, 2, 3], [1], 3.7d]) {
            sum += Dynamic.classify(x).length()
        }
        sum += Dynamic.safe([name: 'abc']) + Dynamic.safe(null) + Dynamic.safe([:])
        sum += Dynamic.elvis(null).length() + Dynamic.elvis('x').length()
        sum += Dynamic.closures([1, 2, 3, 4]) + Dynamic.maps()
        sum += Dynamic.gstrings('bo', 2).length() + Dynamic.gstrings('al', 7).length()
        sum += d.nothing.length() + d.unknownCall(1, 2).length()
        sum += Dynamic.dynamicDispatch('four') + Dynamic.dynamicDispatch([1, 2])
        sum += Dynamic.spread(['a', 'bb']) + Dynamic.ranges(6) + Dynamic.loops(5)
        sum += Dynamic.exceptions('7') + Dynamic.exceptions('q')
        sum += (Dynamic.truth('') ? 1 : 0) + (Dynamic.truth([1]) ? 2 : 0)
        sum += Dynamic.regex('ab12') + Dynamic.regex('none') + Dynamic.withBlock()
        sum += Dynamic.switchExpression(1).length() + Dynamic.switchExpression(3).length() + Dynamic.switchExpression(20).length()
        d.count++
        d.tags << 't1'
        sum += d.count + d.tags.size()

        sum += Static.safeLength('abc') + Static.safeLength(null) + Static.elvis(null).length()
        sum += Static.sw('a').length() + Static.sw('c').length() + Static.sw('q').length()
        sum += Static.swInt(1) + Static.swInt(4) + Static.swInt(8)
        sum += Static.closures([1, 2, 3]) + Static.loops(7) + Static.gstring('g', 2).length()
        sum += Static.exceptions('5') + Static.exceptions('no')
        sum += Static.arrays([3, 9, 2] as int[]) + Static.ternary(7) + Static.ternary(null)
        sum += Static.sync(new Object()) + Static.counts('a b a').size()
        sum += Static.switchExpression('x').length() + Static.switchExpression('z').length()
        sum += Static.instanceOf('ab') + Static.instanceOf(3)

        def m = new Money(5, 'EUR') + new Money(7, 'EUR')
        sum += m.amount + m.toString().length() + (m == new Money(12, 'EUR') ? 1 : 0)
        try {
            new Money(1, 'EUR') + new Money(1, 'USD')
        } catch (IllegalArgumentException e) {
            sum += e.message.length()
        }
        def item = new Item(name: 'pen', qty: 2)
        sum += item.toString().length() + (item == new Item(name: 'pen', qty: 2) ? 1 : 0)
        sum += new Pair2(1, 2).toString().length() + new Coord(3, -4).dist()
        def cfg = Config.builder().host('h').port(80).build()
        sum += cfg.port + cfg.host.length()
        def names = [new Name(first: 'b', last: 'z'), new Name(first: 'a', last: 'y')].sort()
        sum += names[0].first.length()
        sum += Counters.instance.next() + Counters.instance.next()
        def memo = new Memo()
        sum += memo.fib(15) + memo.calls
        def res = new Resource()
        sum += res.data.size()
        def w = new Wrapper()
        w.add(4)
        w.add(5)
        sum += w.size() + w.get(1)
        def r = new Robot(name: 'r2')
        sum += r.hello().length() + r.inc() + r.inc()
        sum += Planet.EARTH.big().length() + Planet.values().length
        sum += (int) new Square(side: 3).area()
        def sp = new StaticPoint(1, 2) + new StaticPoint(3, 4)
        sum += sp.x + sp.y
        def pt = new Pt(2, 3)
        sum += pt.sum() + pt.x() + (pt == new Pt(2, 3) ? 1 : 0) + pt.toString().length()
        sum += Lambdas.lambdas([1, 2, 3]) + Lambdas.methodRef(['ab', 'c']) + Lambdas.doWhile(10)
        sum += Lambdas.enumSwitch(Planet.EARTH) + Lambdas.pet(new Cat()).length() + Lambdas.pet(new Hound()).length()
        sum += Checked.join(['a', 'b'], '-').length() + Checked.join([], '-').length()
        sum += new Guarded().upper('abc').length()
        try {
            new Guarded().upper(null)
        } catch (IllegalArgumentException e) {
            sum += 1
        }
        sum += new AppException('boom').message.length()
        sum += new Sheep(name: 'dolly').clone().name.length()
        sum += Asserts.check(4)
        try {
            Asserts.check(-1)
        } catch (AssertionError e) {
            sum += 2
        }
        sum += (int) new Scripted().run()
        println "checksum $sum"
    }
}
