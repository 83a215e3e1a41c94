#!/usr/bin/env python3
"""jvmfuzz vs Jazzer on the same Jazzer-API harnesses, same budget, runs alternated.

Called by run.sh (which installs and compiles everything and passes the paths in the
environment). Prints one table; writes out/results.{txt,json} and out/logs/<run>.log.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "out")

# (name, class, kind, extra class path key). kind: "loop" = run the whole budget, measure
# exec/s and coverage; "find" = stop at the first finding (or at the budget); "startup" = one
# execution only: the whole process's wall time is the start-up + shutdown cost.
HARNESSES = [
    ("startup", "bench.Trivial", "startup", None),
    ("trivial", "bench.Trivial", "loop", None),
    ("trivial-fdp", "bench.TrivialProvider", "loop", None),
    ("magic-int", "bench.MagicInt", "find", None),
    ("magic-string", "bench.MagicString", "find", None),
    ("bad-chain", "bench.BadChain", "find", None),
    ("jackson", "bench.JacksonParse", "loop", "JACKSON_CP"),
    ("gson", "bench.GsonParse", "loop", "GSON_CP"),
]


def env(k):
    v = os.environ.get(k)
    if not v:
        sys.exit(f"compare.py: ${k} not set (run benchmarks/fuzz/run.sh)")
    return v


def time_v(stderr_text):
    """(peak RSS MB, wall s, user+sys s) from /usr/bin/time -v output."""
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", stderr_text)
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", stderr_text)
    user = re.search(r"User time \(seconds\): ([\d.]+)", stderr_text)
    sys_ = re.search(r"System time \(seconds\): ([\d.]+)", stderr_text)
    w = None
    if wall:
        parts = [float(p) for p in wall.group(1).split(":")]
        w = 0.0
        for p in parts:
            w = w * 60 + p
    cpu = float(user.group(1)) + float(sys_.group(1)) if user and sys_ else None
    return (int(rss.group(1)) / 1024 if rss else None, w, cpu)


SAMPLE = {
    "jvmfuzz": re.compile(r"^jvmfuzz: \[.*executions: (\d+)"),
    "jazzer": re.compile(r"^#(\d+)\s"),
}


def run_cmd(cmd, cwd, log, limit, tool=None):
    """Runs cmd under /usr/bin/time -v; returns (output, rc, wall, samples) where samples are
    (seconds since start, executions) read from the progress lines as they arrive."""
    # Jazzer reads every JAZZER_<OPTION> variable as an option: pass none of ours.
    clean = {k: v for k, v in os.environ.items() if not k.startswith("JAZZER_")}
    t0 = time.monotonic()
    p = subprocess.Popen(["/usr/bin/time", "-v"] + cmd, cwd=cwd, env=clean, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, errors="replace")
    killed = []
    timer = threading.Timer(limit, lambda: (killed.append(1), p.kill()))
    timer.start()
    lines, samples = [], []
    pat = SAMPLE.get(tool)
    for line in p.stdout:
        lines.append(line)
        m = pat.match(line) if pat else None
        if m:
            samples.append((time.monotonic() - t0, int(m.group(1))))
    rc = p.wait()
    timer.cancel()
    wall = time.monotonic() - t0
    out = "".join(lines)
    if killed:
        out += f"\n[compare.py: killed after {limit} s]\n"
        rc = "timeout"
    with open(log, "w") as f:
        f.write(" ".join(cmd) + "\n\n" + out)
    return out, rc, wall, samples


def late_rate(samples):
    """exec/s over the second half of the run (warm-up excluded), from progress-line samples."""
    if len(samples) < 2:
        return None
    end = samples[-1][0]
    late = [s for s in samples if s[0] >= end / 2]
    if len(late) < 2:
        late = samples[-2:]
    (ta, ea), (tb, eb) = late[0], late[-1]
    return (eb - ea) / (tb - ta) if tb - ta >= 1.0 else None


def run_jvmfuzz(h, cp, budget, seed, log):
    name, cls, kind, _ = h
    d = tempfile.mkdtemp(prefix="fz-jvmfuzz-")
    cmd = [env("FUZZ_BIN"), "--cp", cp + ":" + env("JAZZER_API"), "--harness", cls, "--progress", "plain",
           "--seed", str(seed)]
    cmd += ["--runs", "1"] if kind == "startup" else ["--max-total-time", str(budget)]
    if kind == "loop":
        cmd.append("--keep-going")
    out, rc, wall, samples = run_cmd(cmd, d, log, budget + 90, "jvmfuzz")
    r = {"tool": "jvmfuzz", "rc": rc, "late_exec_s": late_rate(samples)}
    r["rss_mb"], r["wall_s"], r["cpu_s"] = time_v(out)
    m = re.findall(r"done: (\d+) execs \(([\d.]+) exec/s in this process\), corpus (\d+), edges (\d+)/(\d+)", out)
    if m:
        execs, eps, _, e, tot = m[-1]
        r["execs"], r["exec_s"], r["edges"], r["edges_total"] = int(execs), float(eps), int(e), int(tot)
    else:
        ex = re.findall(r"executions: (\d+)", out)
        if ex:
            r["execs"] = int(ex[-1])
        eg = re.findall(r"edges: (\d+)/(\d+)", out)
        if eg:
            r["edges"], r["edges_total"] = int(eg[-1][0]), int(eg[-1][1])
    try:
        with open(os.path.join(d, "findings", "summary.json")) as f:
            s = json.load(f)
        entries = s if isinstance(s, list) else s.get("findings", [])
        if entries:
            first = min(entries, key=lambda e: e.get("execs", 1 << 62))
            r["find_execs"] = first.get("execs")
            r["find_secs_tool"] = first.get("first_seen_secs")
            r["find_exc"] = first.get("exception")
    except (OSError, ValueError):
        pass
    if kind == "find" and "find_execs" in r:
        r["find_wall_s"] = r["wall_s"]
    if kind == "loop":
        r["limit"] = corpus_ceiling(cls, cp, os.path.join(d, "corpus"), log.replace(".log", "-limit.log"))
    shutil.rmtree(d, ignore_errors=True)
    return r


def run_jazzer(h, cp, budget, seed, log):
    name, cls, kind, _ = h
    d = tempfile.mkdtemp(prefix="fz-jazzer-")
    cmd = [env("JAVA"), "-cp", cp + ":" + env("JAZZER_JAR") + ":" + env("JAZZER_API"),
           "com.code_intelligence.jazzer.Jazzer", f"--target_class={cls}",
           f"-seed={seed}", "-print_final_stats=1"]
    cmd.append("-runs=1" if kind == "startup" else f"-max_total_time={budget}")
    if kind == "loop":
        cmd.append("--keep_going=1000000")
    out, rc, wall, samples = run_cmd(cmd, d, log, budget + 90, "jazzer")
    r = {"tool": "jazzer", "rc": rc, "late_exec_s": late_rate(samples)}
    r["rss_mb"], r["wall_s"], r["cpu_s"] = time_v(out)
    ex = re.search(r"stat::number_of_executed_units: (\d+)", out)
    eps = re.search(r"stat::average_exec_per_sec:\s+(\d+)", out)
    done = re.search(r"Done (\d+) runs in (\d+) second", out)
    if ex:
        r["execs"] = int(ex.group(1))
    if done and int(done.group(2)) > 0:
        r["exec_s"] = int(done.group(1)) / int(done.group(2))
    elif eps:
        r["exec_s"] = int(eps.group(1))
    cov = re.findall(r"^#\d+\s+\w+\s+cov: (\d+) ft: (\d+)", out, re.M)
    if cov:
        r["edges"], r["features"] = int(cov[-1][0]), int(cov[-1][1])
    exc = re.search(r"== Java Exception: ([\w.$]+)", out)
    if exc and kind == "find":
        r["find_exc"] = exc.group(1)
        r["find_execs"] = r.get("execs")
        r["find_wall_s"] = r["wall_s"]
    shutil.rmtree(d, ignore_errors=True)
    return r


def ceiling(seconds, log):
    cmd = [env("JAVA"), "-cp", env("TARGETS") + ":" + env("CEILING_CLASSES"), "Ceiling", str(seconds)]
    out, rc, _, _ = run_cmd(cmd, HERE, log, seconds + 60)
    m = re.search(r"calls/s (\d+)", out)
    rss, _, _ = time_v(out)
    return {"tool": "plain-loop", "calls_s": int(m.group(1)) if m else None, "rss_mb": rss}


def corpus_ceiling(cls, cp, corpus, log, seconds=10):
    """The harness's physical limit: called in a plain Java loop over the run's final corpus,
    uninstrumented, FuzzedDataProvider harnesses with Jazzer's own provider (CorpusCeiling.java)."""
    cmd = [env("JAVA"), "-cp", ":".join([cp, env("JAZZER_JAR"), env("JAZZER_API"), env("JAZZER_BOOTSTRAP"), env("CEILING_CLASSES")]),
           "CorpusCeiling", cls, corpus, str(seconds)]
    out, rc, _, _ = run_cmd(cmd, HERE, log, seconds + 60)
    m = re.search(r"calls/s (\d+) inputs (\d+) throws (\d+)", out)
    if rc != 0 or not m:
        return None
    return {"calls_s": int(m.group(1)), "inputs": int(m.group(2)), "throws": int(m.group(3))}


def med(vals):
    vals = [v for v in vals if v is not None]
    return statistics.median(vals) if vals else None


def fmt(v, unit=""):
    if v is None:
        return "-"
    if isinstance(v, float) and v >= 1000 or isinstance(v, int) and v >= 10000:
        for div, suf in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
            if v >= div:
                return f"{v / div:.2f}{suf}{unit}"
    if isinstance(v, float):
        return f"{v:.1f}{unit}"
    return f"{v}{unit}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--reps", type=int)
    ap.add_argument("--budget", type=int, help="seconds per run")
    ap.add_argument("--only", help="comma-separated harness names")
    a = ap.parse_args()
    reps = a.reps or (2 if a.quick else 3)
    budget = a.budget or (15 if a.quick else 60)
    hs = [h for h in HARNESSES if not a.only or h[0] in a.only.split(",")]
    os.makedirs(os.path.join(OUT, "logs"), exist_ok=True)
    load0 = os.getloadavg()
    results = {h[0]: {"jvmfuzz": [], "jazzer": []} for h in hs}
    ceil = ceiling(5, os.path.join(OUT, "logs", "ceiling.log"))
    print(f"ceiling (plain Java loop, Trivial, no fuzzer): {fmt(ceil['calls_s'])} calls/s", flush=True)
    for rep in range(reps):
        for i, h in enumerate(hs):
            name = h[0]
            cp = env("TARGETS") + (":" + env(h[3]) if h[3] else "")
            order = ["jvmfuzz", "jazzer"] if (rep + i) % 2 == 0 else ["jazzer", "jvmfuzz"]
            for tool in order:
                log = os.path.join(OUT, "logs", f"{name}-{tool}-{rep}.log")
                f = run_jvmfuzz if tool == "jvmfuzz" else run_jazzer
                r = f(h, cp, budget, rep + 1, log)
                results[name][tool].append(r)
                print(f"rep {rep} {name:13} {tool:8} rc={r['rc']} exec/s={fmt(r.get('exec_s'))} "
                      f"edges={r.get('edges')}/{r.get('edges_total')} find={r.get('find_execs')} "
                      f"wall={fmt(r.get('wall_s'))} rss={fmt(r.get('rss_mb'))}MB", flush=True)
    load1 = os.getloadavg()

    lines = []
    lines.append(f"jvmfuzz vs Jazzer {env('JAZZER_VERSION')}: {reps} reps alternated, budget {budget} s/run, "
                 f"medians (min..max for ratios); load {load0[0]:.1f} -> {load1[0]:.1f}")
    lines.append(f"ceiling: bench.Trivial in a plain Java loop (no fuzzer, no instrumentation): "
                 f"{fmt(ceil['calls_s'])} calls/s")
    hdr = f"{'harness':13} {'tool':8} {'exec/s':>9} {'late ex/s':>9} {'edges(cov)':>11} {'found':>6} {'execs->find':>11} {'s->find':>8} {'peak RSS':>9} {'cpu s':>6}"
    lines.append(hdr)
    lines.append("-" * len(hdr))
    for h in hs:
        name, _, kind, _ = h
        for tool in ("jvmfuzz", "jazzer"):
            rs = results[name][tool]
            found = sum(1 for r in rs if r.get("find_execs") is not None and kind == "find")
            lines.append(
                f"{name:13} {tool:8} {fmt(med([r.get('exec_s') for r in rs])) if kind != 'startup' else '-':>9} "
                f"{fmt(med([r.get('late_exec_s') for r in rs])) if kind == 'loop' else '-':>9} "
                f"{fmt(med([r.get('edges') for r in rs])):>11} "
                f"{(f'{found}/{len(rs)}' if kind == 'find' else '-'):>6} "
                f"{fmt(med([r.get('find_execs') for r in rs])) if kind == 'find' else '-':>11} "
                f"{fmt(med([r.get('find_wall_s') if kind == 'find' else r.get('wall_s') for r in rs])) if kind in ('find', 'startup') else '-':>8} "
                f"{fmt(med([r.get('rss_mb') for r in rs]), 'MB'):>9} "
                f"{fmt(med([r.get('cpu_s') for r in rs])):>6}")
        if kind != "loop":
            continue
        fractions = [r["exec_s"] / r["limit"]["calls_s"] for r in results[name]["jvmfuzz"]
                     if r.get("exec_s") and r.get("limit") and r["limit"]["calls_s"]]
        limits = [r["limit"]["calls_s"] for r in results[name]["jvmfuzz"] if r.get("limit")]
        if fractions:
            lines.append(f"{'':13} {'limit':8} plain Java loop over jvmfuzz's final corpus {fmt(med(limits))} calls/s; "
                         f"jvmfuzz exec/s = {100 * statistics.median(fractions):.1f}% of it "
                         f"({100 * min(fractions):.1f}..{100 * max(fractions):.1f}%; goal >= 50%)")
        for key, label in (("exec_s", "exec/s"), ("late_exec_s", "late exec/s")):
            ratios = []
            for a_, b_ in zip(results[name]["jvmfuzz"], results[name]["jazzer"]):
                if a_.get(key) and b_.get(key):
                    ratios.append(a_[key] / b_[key])
            if ratios:
                lines.append(f"{'':13} {'ratio':8} jvmfuzz/jazzer {label} {statistics.median(ratios):.2f} "
                             f"({min(ratios):.2f}..{max(ratios):.2f})")
    lines.append("exec/s: jvmfuzz 'done' line (execs / fuzzing time in-process); Jazzer 'Done N runs in S s' "
                 "(whole seconds; for runs < 1 s: libFuzzer's average_exec_per_sec, often 0)")
    lines.append("edges: jvmfuzz probes hit (entry + branch arms); Jazzer libFuzzer 'cov:' (its edge counters) - "
                 "different instrumentations, compare within a tool only")
    lines.append("late ex/s: executions per second over the second half of the run (progress lines timed as "
                 "they arrive): warm-up (class loading + instrumentation, JIT) excluded")
    lines.append("limit: the same harness called in a plain Java loop (no fuzzer, no instrumentation) over "
                 "the final corpus of each jvmfuzz run, 10 s, Jazzer's FuzzedDataProvider (CorpusCeiling.java)")
    lines.append("s->find: whole process wall time (JVM start included); find-runs stop at the first finding; "
                 "startup row: wall time of a 1-execution run (Trivial)")
    text = "\n".join(lines)
    print("\n" + text)
    with open(os.path.join(OUT, "results.txt"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(OUT, "results.json"), "w") as f:
        json.dump({"ceiling": ceil, "budget": budget, "reps": reps, "results": results}, f, indent=1)


if __name__ == "__main__":
    main()
