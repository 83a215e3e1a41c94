package kt

import kotlinx.coroutines.async
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.filter
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.yield
import kotlin.coroutines.Continuation
import kotlin.coroutines.EmptyCoroutineContext
import kotlin.coroutines.resume
import kotlin.coroutines.startCoroutine
import kotlin.coroutines.suspendCoroutine

// Coroutines: suspending functions with and without suspension points, suspending lambdas,
// the stdlib's `sequence` builder, kotlinx.coroutines' builders and flows.

fun fibonacci(): Sequence<Long> = sequence {
    var a = 0L
    var b = 1L
    while (true) {
        yield(a)
        val t = a + b
        a = b
        b = t
    }
}

fun evens(limit: Int): Sequence<Int> = sequence {
    for (i in 0..limit) {
        if (i % 2 == 0) yield(i)
    }
    yieldAll(listOf(100, 200))
}

suspend fun noSuspension(x: Int): Int = x * 3

suspend fun oneSuspension(x: Int): Int {
    delay(1)
    return x + 1
}

suspend fun severalSuspensions(x: Int): Int {
    var acc = 0
    for (i in 0 until x) {
        yield()
        acc += oneSuspension(i)
    }
    if (acc > 100) {
        delay(1)
        acc -= 100
    }
    return acc
}

suspend fun tailCall(x: Int): Int = oneSuspension(x)

suspend fun manual(x: Int): Int = suspendCoroutine { cont -> cont.resume(x * 10) }

fun numbers(n: Int): Flow<Int> = flow {
    for (i in 1..n) {
        emit(i)
    }
}

fun startPlain(block: suspend () -> Int): Int {
    var result = -1
    block.startCoroutine(Continuation(EmptyCoroutineContext) { r -> result = r.getOrThrow() })
    return result
}

fun runCoroutines(): Long = runBlocking {
    var sum = 0L
    sum += fibonacci().take(10).sum()
    sum += evens(7).sum()
    sum += noSuspension(2) + oneSuspension(3) + severalSuspensions(4) + tailCall(5) + manual(6)
    val d = async { oneSuspension(40) }
    val jobs = List(3) { i -> launch { delay(i.toLong()); sum += i } }
    jobs.forEach { it.join() }
    sum += d.await()
    sum += coroutineScope {
        val a = async { noSuspension(1) }
        a.await() + 1
    }
    sum += numbers(5).filter { it % 2 == 1 }.map { it * it }.toList().sum()
    val lambda: suspend (Int) -> Int = { v ->
        if (v > 0) {
            delay(1)
            v * 2
        } else {
            -v
        }
    }
    sum += lambda(3)
    sum += startPlain { noSuspension(7) }
    sum
}
