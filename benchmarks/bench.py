#!/usr/bin/env python3
"""Benchmark driver behind benchmarks/run.sh (which installs and builds everything first).

Every comparison is measured side by side in one run: the variants are alternated
(A B C A B C ...; the overhead benchmark rotates the order: A B C, B C A, C A B), every
repetition gives one paired ratio, and the table shows the median ratio with its min..max
spread. Absolute times on a shared 2-core machine are noise; ratios measured this way are less
so. The overhead table adds a bootstrap interval for jvmfuzz's overhead over JaCoCo's: both are
a few percent of a suite whose own spread is larger, and the interval says how far their ratio
can be trusted. Raw timings go to out/overhead/runs.tsv as they are measured.

Times: wall = elapsed time of the child process; CPU = its user + system time (all JVM threads:
JIT compiler and GC included), from wait4().
"""

import argparse
import datetime
import json
import os
import platform
import random
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import threading
import time

# ------------------------------------------------------------------------------------------------
# Running and measuring one command.


class Run:
    def __init__(self, wall, cpu, rc, output):
        self.wall, self.cpu, self.rc, self.output = wall, cpu, rc, output


def measure(cmd, log_path, timeout=None, cwd=None):
    """Runs cmd, output to log_path; returns Run (wall s, CPU s, exit code, output text)."""
    with open(log_path, "wb") as log:
        log.write(("$ " + " ".join(cmd) + "\n").encode())
        log.flush()
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=cwd)
        timer = None
        if timeout:
            timer = threading.Timer(timeout, p.kill)
            timer.start()
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        if timer:
            timer.cancel()
        p.returncode = os.waitstatus_to_exitcode(status)
    with open(log_path, "r", errors="replace") as f:
        out = f.read()
    return Run(wall, ru.ru_utime + ru.ru_stime, p.returncode, out)


def settle(pause=1.0):
    """Flushes every dirty page to disk, then pauses briefly, so writeback left over from an
    earlier step does not land in the next timed run."""
    os.sync()
    time.sleep(pause)


def results(text):
    """Parses 'RESULT k=v k=v' lines into dicts (numbers converted)."""
    rows = []
    for line in text.splitlines():
        if not line.startswith("RESULT "):
            continue
        row = {}
        for kv in line[7:].split():
            k, _, v = kv.partition("=")
            try:
                row[k] = int(v)
            except ValueError:
                try:
                    row[k] = float(v)
                except ValueError:
                    row[k] = v
        rows.append(row)
    return rows


def med(xs):
    return statistics.median(xs) if xs else float("nan")


def spread(xs, fmt="{:.2f}"):
    return (fmt + ".." + fmt).format(min(xs), max(xs)) if xs else "-"


def overhead_ratio_interval(base, ref, new, level=0.95, resamples=4000):
    """Bootstrap interval of (new overhead) / (ref overhead), both the median of paired ratios.

    `base`, `ref`, `new` are per-repetition times (same length, paired by repetition). Whole
    repetitions are resampled, so a slow moment of the machine moves all three variants of a
    repetition together, as it did when measured. Returns (low, high, share) where `share` is
    the share of resamples in which `ref`'s overhead was positive (the ratio is undefined
    otherwise; those resamples are left out). The seed is fixed: the same runs give the same
    interval.

    >>> lo, hi, share = overhead_ratio_interval([10] * 5, [12] * 5, [11] * 5)
    >>> round(lo, 3), round(hi, 3), share
    (0.5, 0.5, 1.0)
    >>> lo, hi, _ = overhead_ratio_interval([10, 10, 10, 10], [11, 12, 11, 12], [10.2, 10.9, 10.3, 11.4])
    >>> 0.1 < lo <= hi < 1.0
    True
    """
    n = len(base)
    if n == 0 or len(ref) != n or len(new) != n:
        return float("nan"), float("nan"), 0.0
    rng = random.Random(20261122)
    rr = [r / b for r, b in zip(ref, base)]
    nr = [x / b for x, b in zip(new, base)]
    got = []
    for _ in range(resamples):
        idx = [rng.randrange(n) for _ in range(n)]
        oref = statistics.median(rr[i] for i in idx) - 1
        onew = statistics.median(nr[i] for i in idx) - 1
        if oref > 0:
            got.append(onew / oref)
    if not got:
        return float("nan"), float("nan"), 0.0
    got.sort()
    tail = (1 - level) / 2
    lo = got[min(len(got) - 1, int(tail * len(got)))]
    hi = got[min(len(got) - 1, int((1 - tail) * len(got)))]
    return lo, hi, len(got) / resamples


def die(msg):
    print("bench.py: " + msg, file=sys.stderr)
    sys.exit(1)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------------------------
# (a) Instrumentation throughput.


def throughput(a, out):
    d = os.path.join(out, "throughput")
    logs = os.path.join(out, "logs")
    for sub in ("jacoco", "jvmfuzz"):
        os.makedirs(os.path.join(d, sub), exist_ok=True)
    java = a.java
    jc = [java, "-jar", a.jacoco_cli, "instrument"]
    per_jar = {j: {"jacoco": [], "jvmfuzz": [], "jvmfuzz_res": [], "jacoco_cpu": [], "jvmfuzz_cpu": [],
                   "par": [], "par_cpu": [], "par_res": []} for j in a.jars}
    # The parallel run (--threads N): as many workers as cores, libdeflate. Its output jar is
    # verified once per jar here (every entry read back, CRC-32 checked), outside the timing.
    par_flags = ["--threads", str(a.threads), "--codec", "libdeflate"]
    for jar in a.jars:
        r = measure([a.bench_bin, "--mode", a.mode, "--out", os.path.join(d, "jvmfuzz"), *par_flags, "--verify", jar],
                    os.path.join(logs, f"jvmfuzz-par-verify-{os.path.basename(jar)}.log"))
        if r.rc != 0:
            die(f"instrument-throughput {' '.join(par_flags)} --verify {jar} failed (exit {r.rc}):\n{r.output[-3000:]}")
    tiny, tiny_cpu = [], []
    warm = {}  # jar -> list of per-rep lists of pass results

    def check(r, what):
        if r.rc != 0:
            die(f"{what} failed (exit {r.rc}); last output:\n{r.output[-3000:]}")

    done = 0
    t_start = time.perf_counter()
    for rep in range(a.reps):
        spent = time.perf_counter() - t_start
        if rep >= a.min_reps and spent + spent / rep > a.budget_throughput:
            log(f"[throughput] time budget ({a.budget_throughput:.0f} s) reached after {rep} repetitions")
            break
        done = rep + 1
        log(f"[throughput] repetition {rep + 1}/{a.reps}")
        r = measure(jc + [a.tiny_jar, "--dest", os.path.join(d, "jacoco")], os.path.join(logs, "jacoco-tiny.log"))
        check(r, "jacoco instrument (tiny jar)")
        tiny.append(r.wall)
        tiny_cpu.append(r.cpu)
        for jar in a.jars:
            name = os.path.basename(jar)
            r = measure(jc + [jar, "--dest", os.path.join(d, "jacoco")], os.path.join(logs, f"jacoco-{name}.log"))
            check(r, f"jacoco instrument {name}")
            per_jar[jar]["jacoco"].append(r.wall)
            per_jar[jar]["jacoco_cpu"].append(r.cpu)
            for key, flags, tag in (("jvmfuzz", [], "jvmfuzz"), ("par", par_flags, "jvmfuzz-par")):
                what = " ".join(["instrument-throughput", *flags, name])
                r = measure([a.bench_bin, "--mode", a.mode, "--out", os.path.join(d, "jvmfuzz"), *flags, jar],
                            os.path.join(logs, f"{tag}-{name}.log"))
                check(r, what)
                res = results(r.output)
                if len(res) != 1:
                    die(f"{what}: no RESULT line:\n{r.output[-3000:]}")
                per_jar[jar][key].append(r.wall)
                per_jar[jar][key + "_cpu"].append(r.cpu)
                per_jar[jar][key + "_res"].append(res[0])
        if a.warm_passes > 0:
            r = measure([java, "-cp", a.jacoco_cli + os.pathsep + a.warm_classes, "JacocoWarm", str(a.warm_passes)] + a.jars,
                        os.path.join(logs, "jacoco-warm.log"))
            check(r, "JacocoWarm")
            for row in results(r.output):
                warm.setdefault(row["jar"], []).append(row)

    rows = []
    summary = []
    for jar in a.jars:
        name = os.path.basename(jar)
        pj = per_jar[jar]
        res0 = pj["jvmfuzz_res"][0]
        n, mb = res0["classes"], res0["in_class_bytes"] / 1e6
        jac, ours = pj["jacoco"], pj["jvmfuzz"]
        adj = [j - t for j, t in zip(jac, tiny)]
        adj_cpu = [j - t for j, t in zip(pj["jacoco_cpu"], tiny_cpu)]
        rewrite_only = [r["rewrite_first_s"] for r in pj["jvmfuzz_res"]]
        sp_adj = [x / o for x, o in zip(adj, ours)]
        sp_raw = [x / o for x, o in zip(jac, ours)]
        sp_adj_cpu = [x / o for x, o in zip(adj_cpu, pj["jvmfuzz_cpu"])]
        growth_ours = res0["out_class_bytes"] / res0["in_class_bytes"] - 1
        failed = max(r["failed"] for r in pj["jvmfuzz_res"])

        def row(what, t, c, note=""):
            rows.append((name, what, t, c, n / t if t > 0 else float("nan"), mb / t if t > 0 else float("nan"), note))

        ours_cpu = pj["jvmfuzz_cpu"]
        row("JaCoCo CLI `instrument`, raw (incl. JVM start)", med(jac), med(pj["jacoco_cpu"]))
        row("JaCoCo CLI, startup-adjusted (minus tiny jar)", med(adj), med(adj_cpu),
            f"tiny jar: {med(tiny):.2f} s, {med(tiny_cpu):.2f} s CPU")
        w = warm.get(name)
        if w:
            p1 = [x for x in w if x["pass"] == 1]
            last = [x for x in w if x["pass"] == a.warm_passes]
            growth_j = w[0]["out_class_bytes"] / w[0]["in_class_bytes"] - 1
            row("JaCoCo API in memory, pass 1 (cold JIT)", med([x["s"] for x in p1]), med([x["cpu_s"] for x in p1]),
                f"class bytes {growth_j:+.0%}; CPU of the rewriting thread only")
            row(f"JaCoCo API in memory, pass {a.warm_passes} (warmer JIT)", med([x["s"] for x in last]),
                med([x["cpu_s"] for x in last]))
        zip_cpu = med([r["read_cpu_s"] + r["write_cpu_s"] for r in pj["jvmfuzz_res"]])
        row(f"jvmfuzz jar->jar ({a.mode} mode, whole process)", med(ours), med(ours_cpu),
            f"class bytes {growth_ours:+.0%}, {res0['instrumented']} rewritten, {failed} failed; "
            f"zip read+write {zip_cpu:.3f} s CPU")
        par, par_cpu = pj["par"], pj["par_cpu"]
        pres0 = pj["par_res"][0]
        row(f"jvmfuzz jar->jar, {a.threads} threads, libdeflate", med(par), med(par_cpu),
            f"{pres0['instrumented']} rewritten, {max(r['failed'] for r in pj['par_res'])} failed; "
            f"output jar {pres0['out_jar_bytes'] / 1e6:.2f} MB vs {res0['out_jar_bytes'] / 1e6:.2f} MB (1 thread, zlib-rs)")
        psp_adj = [x / o for x, o in zip(adj, par)]
        psp_adj_cpu = [x / o for x, o in zip(adj_cpu, par_cpu)]
        row("jvmfuzz rewrite only (parse+plan+rewrite+write)", med(rewrite_only),
            med([r["rewrite_first_cpu_s"] for r in pj["jvmfuzz_res"]]),
            f"{res0['probes']} probes in {res0['methods']} methods")
        summary.append({
            "jar": name, "classes": n, "class_mb": mb,
            "speedup_vs_adjusted_wall": med(sp_adj), "speedup_vs_adjusted_wall_range": [min(sp_adj), max(sp_adj)],
            "speedup_vs_raw_wall": med(sp_raw), "speedup_vs_adjusted_cpu": med(sp_adj_cpu),
            "speedup_vs_adjusted_cpu_range": [min(sp_adj_cpu), max(sp_adj_cpu)],
            "jacoco_raw_s": med(jac), "jacoco_adjusted_s": med(adj), "jvmfuzz_s": med(ours),
            "jacoco_adjusted_cpu_s": med(adj_cpu), "jvmfuzz_cpu_s": med(ours_cpu),
            "jvmfuzz_rewrite_only_s": med(rewrite_only), "jvmfuzz_failed_classes": failed,
            "threads": a.threads, "parallel_s": med(par), "parallel_cpu_s": med(par_cpu),
            "parallel_speedup_vs_adjusted_wall": med(psp_adj), "parallel_speedup_vs_adjusted_wall_range": [min(psp_adj), max(psp_adj)],
            "parallel_speedup_vs_adjusted_cpu": med(psp_adj_cpu), "parallel_speedup_vs_adjusted_cpu_range": [min(psp_adj_cpu), max(psp_adj_cpu)],
        })

    lines = []
    lines.append(f"(a) Instrumentation throughput: every class of the jar, jar -> jar; "
                 f"median of {done} alternated repetitions")
    lines.append("    classes/s and MB/s (uncompressed class bytes in) are per wall-clock second")
    hdr = f"{'jar':<18} {'what':<50} {'wall s':>7} {'CPU s':>7} {'classes/s':>9} {'MB/s':>6}  note"
    lines.append(hdr)
    lines.append("-" * len(hdr))
    last = None
    for name, what, t, c, cps, mbs, note in rows:
        lines.append(f"{(name if name != last else ''):<18} {what:<50} {t:7.3f} {c:7.3f} {cps:9.0f} {mbs:6.1f}  {note}")
        last = name
    lines.append("")
    for s in summary:
        lines.append(
            f"  {s['jar']}: jvmfuzz jar->jar vs JaCoCo CLI startup-adjusted: {s['speedup_vs_adjusted_wall']:.1f}x wall "
            f"[{s['speedup_vs_adjusted_wall_range'][0]:.1f}..{s['speedup_vs_adjusted_wall_range'][1]:.1f}], "
            f"{s['speedup_vs_adjusted_cpu']:.1f}x CPU "
            f"[{s['speedup_vs_adjusted_cpu_range'][0]:.1f}..{s['speedup_vs_adjusted_cpu_range'][1]:.1f}]; "
            f"vs raw: {s['speedup_vs_raw_wall']:.1f}x wall   (goal >= 10x)")
        lines.append(
            f"  {s['jar']}: jvmfuzz jar->jar, {s['threads']} threads, libdeflate, vs JaCoCo CLI startup-adjusted: "
            f"{s['parallel_speedup_vs_adjusted_wall']:.1f}x wall "
            f"[{s['parallel_speedup_vs_adjusted_wall_range'][0]:.1f}..{s['parallel_speedup_vs_adjusted_wall_range'][1]:.1f}], "
            f"{s['parallel_speedup_vs_adjusted_cpu']:.1f}x CPU "
            f"[{s['parallel_speedup_vs_adjusted_cpu_range'][0]:.1f}..{s['parallel_speedup_vs_adjusted_cpu_range'][1]:.1f}]   (goal >= 10x)")
    return lines, {"rows": rows, "summary": summary, "tiny_jar_s": med(tiny)}


# ------------------------------------------------------------------------------------------------
# (b) Run-time overhead of a real test suite.

SUMMARY_RE = {
    "found": re.compile(r"\[\s*(\d+) tests found\s*\]"),
    "successful": re.compile(r"\[\s*(\d+) tests successful\s*\]"),
    "failed": re.compile(r"\[\s*(\d+) tests failed\s*\]"),
    "skipped": re.compile(r"\[\s*(\d+) tests skipped\s*\]"),
    "aborted": re.compile(r"\[\s*(\d+) tests aborted\s*\]"),
}


def test_counts(text):
    c = {}
    for k, rx in SUMMARY_RE.items():
        m = rx.search(text)
        c[k] = int(m.group(1)) if m else None
    return c


def overhead(a, out):
    d = os.path.join(out, "overhead")
    logs = os.path.join(out, "logs")
    os.makedirs(d, exist_ok=True)
    cp = os.pathsep.join(sorted(os.path.join(a.suite_lib, f) for f in os.listdir(a.suite_lib) if f.endswith(".jar")))
    jvm = [a.java] + shlex.split(a.suite_jvm_flags)
    suite_jars = [os.path.join(a.suite_lib, j) for j in a.suite_jars]
    def launcher_cp(key):
        # The offline variants run classes rewritten ahead of time, first on the class path (the
        # unchanged jars behind them still serve resources): the JVM-side cost of each tool's
        # rewritten code with no agent in the process.
        if key == "jacoco_offline":
            return os.pathsep.join([os.path.join(a.offline_jacoco, j) for j in a.suite_jars] + [cp, a.jacoco_agent])
        if key == "jvmfuzz_offline":
            return os.pathsep.join([a.offline_jvmfuzz, cp])
        return cp

    launcher = ["-jar", a.console, "execute", "--disable-banner", "--details=summary", "--disable-ansi-colors",
                "-cp", "{cp}"]
    for pkg in a.suite_packages:
        launcher += ["--select-package", pkg]
    excludes = list(a.suite_excludes)
    if a.quick and a.suite_quick_exclude:
        excludes.append(a.suite_quick_exclude)
    for rx in excludes:
        launcher += ["--exclude-classname", rx]
    includes = a.suite_includes
    exec_file = os.path.join(d, "jacoco.exec")
    jv_report = os.path.join(d, "jvmfuzz-report")
    variants = [
        ("none", "no agent", []),
        ("jacoco", "JaCoCo 0.8.14 agent", [f"-javaagent:{a.jacoco_agent}=destfile={exec_file},append=false,includes={includes}"]),
        ("jvmfuzz", "jvmfuzz agent", [f"-agentpath:{a.agent}=includes={includes},report={jv_report}"]),
    ]
    if a.unreduced:
        # What the probe reduction (agent/instrument/src/reduce.rs) saves: every one of
        # JaCoCo's probes inserted, as before it.
        variants.append(("jvmfuzz_all", "jvmfuzz, counts=jacoco", [f"-agentpath:{a.agent}=includes={includes},counts=jacoco,report={jv_report}-all"]))
    if a.agent_b:
        variants.append(("jvmfuzz_b", "jvmfuzz, --agent-b build", [f"-agentpath:{a.agent_b}=includes={includes},report={jv_report}-b"]))
    if a.diagnose:
        # Where jvmfuzz's overhead goes: with exact counting (every probe, every hit) instead of
        # the default hit-once probes, with every class analysed at exit (no background
        # analysis), without reports at exit, and with nothing instrumented (agent, shim and
        # class-load hook only).
        variants += [
            ("jvmfuzz_exact", "jvmfuzz, counts=exact", [f"-agentpath:{a.agent}=includes={includes},counts=exact,report={jv_report}-exact"]),
            ("jvmfuzz_exit", "jvmfuzz, analysis=exit", [f"-agentpath:{a.agent}=includes={includes},analysis=exit,report={jv_report}-exit"]),
            ("jvmfuzz_noreport", "jvmfuzz, formats=none", [f"-agentpath:{a.agent}=includes={includes},formats=none"]),
            ("jvmfuzz_nothing", "jvmfuzz, includes nothing", [f"-agentpath:{a.agent}=includes=jvmfuzz.bench.nothing.*"]),
        ]
        if a.offline_jacoco and a.offline_jvmfuzz and a.shim_jar:
            # No agent: `jacoco instrument`'s classes with its runtime on the class path, and the
            # agent's rewriting done ahead of time (agent/examples/exit_work.rs) with the shim on
            # the boot class path, as the agent would put it. No reports at exit.
            variants += [
                ("jacoco_offline", "JaCoCo offline-rewritten", [f"-Djacoco-agent.destfile={exec_file}-offline", "-Djacoco-agent.append=false"]),
                ("jvmfuzz_offline", "jvmfuzz offline-rewritten", [f"-Xbootclasspath/a:{a.shim_jar}"]),
            ]
    report_cmd = [a.java, "-jar", a.jacoco_cli, "report", exec_file]
    for j in suite_jars:
        report_cmd += ["--classfiles", j]
    report_cmd += ["--xml", os.path.join(d, "jacoco-report.xml"), "--html", os.path.join(d, "jacoco-html")]

    # Warm-up (not timed): page cache, CDS archive, and a first check that every variant runs.
    warm_sel = ["-jar", a.console, "execute", "--disable-banner", "--details=summary", "--disable-ansi-colors",
                "-cp", "{cp}", "--select-class", a.suite_warm_class]

    def with_cp(args, key):
        return [launcher_cp(key) if x == "{cp}" else x for x in args]

    for key, label, flags in variants:
        log(f"[overhead] warm-up: {label}")
        r = measure(jvm + flags + with_cp(warm_sel, key), os.path.join(logs, f"suite-warmup-{key}.log"), timeout=300)
        c = test_counts(r.output)
        if c["found"] is None:
            die(f"warm-up with {label} did not run the launcher (exit {r.rc}):\n{r.output[-3000:]}")

    runs = {k: [] for k, _, _ in variants}
    counts = {k: [] for k, _, _ in variants}
    raw_path = os.path.join(d, "runs.tsv")
    with open(raw_path, "w") as f:
        f.write("repetition\tvariant\twall_s\tcpu_s\ttests_ok\ttests_failed\n")
    agent_lines = []
    report_times = []
    timeout = None
    done = 0
    t_start = time.perf_counter()
    for rep in range(a.reps):
        spent = time.perf_counter() - t_start
        left = a.budget_total - (time.perf_counter() - a.t0)
        if rep >= a.min_reps and spent / rep > left:
            log(f"[overhead] time budget reached after {rep} repetitions")
            break
        done = rep + 1
        log(f"[overhead] repetition {rep + 1}/{a.reps}")
        # The order rotates from one repetition to the next, so no variant always runs right
        # after the same neighbour (JaCoCo's run is followed by its report's JVM).
        shift = rep % len(variants)
        for key, label, flags in variants[shift:] + variants[:shift]:
            for k, suffix in (("jvmfuzz", ""), ("jvmfuzz_all", "-all"), ("jvmfuzz_b", "-b"), ("jvmfuzz_exact", "-exact"), ("jvmfuzz_exit", "-exit")):
                if key == k and os.path.isdir(jv_report + suffix):
                    shutil.rmtree(jv_report + suffix)
            # Every run starts with nothing left for the kernel to write back: JaCoCo's report
            # step (thousands of HTML files), the previous report directory just deleted and the
            # last run's own reports would otherwise be flushed during the next run, and always
            # the same neighbour's (until 2026-11-22 12:00 jvmfuzz mostly ran right after
            # JaCoCo's report step).
            settle()
            r = measure(jvm + flags + with_cp(launcher, key), os.path.join(logs, f"suite-{key}.log"), timeout=timeout)
            c = test_counts(r.output)
            if c["found"] is None:
                die(f"test suite with {label} did not finish (exit {r.rc}):\n{r.output[-3000:]}")
            if c["failed"] or r.rc != 0:
                # The next repetition overwrites the log: keep the one that says which test
                # failed (a flaky test, or the agent's doing).
                kept = os.path.join(logs, f"suite-{key}-rep{rep + 1}-failed.log")
                shutil.copyfile(os.path.join(logs, f"suite-{key}.log"), kept)
                log(f"[overhead] {label}: {c['failed']} test(s) failed (exit {r.rc}); log kept in {kept}")
            runs[key].append(r)
            counts[key].append(c)
            # Every timing as it comes, so a long run interrupted late still leaves its data.
            with open(raw_path, "a") as f:
                f.write(f"{rep + 1}\t{key}\t{r.wall:.3f}\t{r.cpu:.3f}\t{c['successful']}\t{c['failed']}\n")
            if key == "jvmfuzz":
                agent_lines = [l for l in r.output.splitlines() if l.startswith("jvmfuzz")]
            if key == "jacoco":
                rr = measure(report_cmd, os.path.join(logs, "jacoco-report.log"))
                if rr.rc != 0:
                    die(f"jacoco report failed:\n{rr.output[-3000:]}")
                report_times.append(rr.wall)
            if key == "none" and timeout is None:
                timeout = max(300.0, 10 * r.wall)

    base = runs["none"]
    lines = []
    c0 = counts["none"][0]
    lines.append(f"(b) Run-time overhead: {a.suite_title} test suite ({c0['found']} tests"
                 f"{', quick subset' if a.quick else ''}), JUnit console 1.11.4, `{a.java_version}`; "
                 f"median of {done} alternated repetitions")
    lines.append(f"    both agents instrument `{includes}` (library and its tests)")
    hdr = (f"{'variant':<26} {'wall s':>7} {'ratio (wall)':>12} {'min..max':>11} {'CPU s':>7} {'ratio (CPU)':>11}"
           f" {'min..max':>11}  tests ok/failed")
    lines.append(hdr)
    lines.append("-" * len(hdr))
    summary = {}
    for key, label, _ in variants:
        rs = runs[key]
        wr = [r.wall / b.wall for r, b in zip(rs, base)]
        cr = [r.cpu / b.cpu for r, b in zip(rs, base)]
        oks = sorted({(c["successful"], c["failed"]) for c in counts[key]})
        okstr = ", ".join(f"{s}/{f}" for s, f in oks)
        lines.append(f"{label:<26} {med([r.wall for r in rs]):7.2f} {med(wr):12.3f} {spread(wr):>11} "
                     f"{med([r.cpu for r in rs]):7.2f} {med(cr):11.3f} {spread(cr):>11}  {okstr}")
        summary[key] = {"wall_s": med([r.wall for r in rs]), "ratio_wall": med(wr), "ratio_wall_range": [min(wr), max(wr)],
                        "cpu_s": med([r.cpu for r in rs]), "ratio_cpu": med(cr), "ratio_cpu_range": [min(cr), max(cr)],
                        "tests_ok_failed": oks}
    jr = [(r.wall + t) / b.wall for r, t, b in zip(runs["jacoco"], report_times, base)]
    lines.append(f"{'JaCoCo agent + report':<26} {med([r.wall + t for r, t in zip(runs['jacoco'], report_times)]):7.2f} "
                 f"{med(jr):12.3f} {spread(jr):>11}  (`jacoco report` XML+HTML run after each JaCoCo run: {med(report_times):.2f} s)")
    oj = summary["jacoco"]["ratio_wall"] - 1
    ov = summary["jvmfuzz"]["ratio_wall"] - 1
    ojc = summary["jacoco"]["ratio_cpu"] - 1
    ovc = summary["jvmfuzz"]["ratio_cpu"] - 1
    lines.append("")
    rel = f"{ov / oj:.2f}" if oj > 0 else "n/a (JaCoCo overhead <= 0)"
    relc = f"{ovc / ojc:.2f}" if ojc > 0 else "n/a"
    lines.append(f"  overhead (wall): JaCoCo {oj:+.1%}, jvmfuzz {ov:+.1%} -> jvmfuzz/JaCoCo = {rel}; "
                 f"(CPU): JaCoCo {ojc:+.1%}, jvmfuzz {ovc:+.1%} -> {relc}   (goal <= 0.5)")
    # How far the ratio can be trusted: the overheads are a few percent of a suite whose own
    # run-to-run spread is larger (mostly the JIT's timing-dependent choices in JUnit's and the
    # JDK's code), so the ratio of two such differences is uncertain; say by how much.
    for what, attr, key in (("wall", "wall", "ratio_interval_wall"), ("CPU", "cpu", "ratio_interval_cpu")):
        lo, hi, share = overhead_ratio_interval([getattr(r, attr) for r in base],
                                                [getattr(r, attr) for r in runs["jacoco"]],
                                                [getattr(r, attr) for r in runs["jvmfuzz"]])
        summary["jvmfuzz"][key] = {"low": lo, "high": hi, "defined_share": share}
        lines.append(f"  jvmfuzz/JaCoCo ({what}), 95% bootstrap interval over repetitions: {lo:.2f}..{hi:.2f}"
                     + (f" (JaCoCo's overhead was <= 0 in {1 - share:.0%} of resamples)" if share < 0.995 else ""))
    if len({tuple(sorted(s["tests_ok_failed"])) for s in summary.values()}) > 1:
        lines.append("  WARNING: the variants do not pass/fail the same tests; see out/logs/suite-*.log")
    if agent_lines:
        lines.append("  jvmfuzz agent said: " + " | ".join(agent_lines[-3:]))
    summary["jacoco_plus_report_ratio_wall"] = med(jr)
    summary["jacoco_report_s"] = med(report_times)
    return lines, summary


# ------------------------------------------------------------------------------------------------


def machine():
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = os.getloadavg()
    return f"{platform.node()}: {os.cpu_count()} x {cpu}, {platform.system()} {platform.release()}, load avg at start {load[0]:.1f}"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True)
    p.add_argument("--reps", type=int, required=True, help="repetitions at most")
    p.add_argument("--min-reps", type=int, default=3, help="repetitions at least, whatever the budget")
    p.add_argument("--budget", type=float, default=840,
                   help="seconds for the whole run; new repetitions stop when the next would pass it "
                        "(throughput gets a quarter of it)")
    p.add_argument("--quick", action="store_true")
    p.add_argument("--offline-jacoco", default=None, help="dir with `jacoco instrument`'s suite jars (--diagnose)")
    p.add_argument("--offline-jvmfuzz", default=None, help="jar of the suite classes the agent's rewriter wrote ahead of time (--diagnose)")
    p.add_argument("--shim-jar", default=None, help="the java-shim jar the agent embeds (--diagnose)")
    p.add_argument("--diagnose", action="store_true",
                   help="(b) also runs jvmfuzz with counts=exact, analysis=exit, no reports and nothing "
                        "instrumented, and (with --offline-*/--shim-jar) both tools' classes rewritten "
                        "ahead of time with no agent")
    p.add_argument("--unreduced", action="store_true",
                   help="(b) also runs jvmfuzz with counts=jacoco: every one of JaCoCo's probes, "
                        "without the probe reduction")
    p.add_argument("--agent-b", default=None,
                   help="(b) also runs this other build of the agent, default options: what a change moves")
    p.add_argument("--only", choices=["throughput", "overhead"])
    p.add_argument("--java", default="java")
    p.add_argument("--jacoco-cli", required=True)
    p.add_argument("--jacoco-agent", required=True)
    p.add_argument("--console", required=True)
    p.add_argument("--agent", required=True)
    p.add_argument("--bench-bin", required=True)
    p.add_argument("--mode", default="hook")
    p.add_argument("--threads", type=int, default=os.cpu_count() or 2,
                   help="workers of the parallel jar->jar row (default: the number of cores)")
    p.add_argument("--tiny-jar", required=True)
    p.add_argument("--warm-classes", required=True)
    p.add_argument("--warm-passes", type=int, default=3)
    p.add_argument("--suite-lib", required=True)
    p.add_argument("--suite-title", required=True, help="what the table calls the suite, e.g. 'commons-lang3 3.17.0'")
    p.add_argument("--suite-jar", dest="suite_jars", action="append", required=True,
                   help="a jar (in --suite-lib) whose classes both agents instrument; repeatable")
    p.add_argument("--suite-package", dest="suite_packages", action="append", required=True,
                   help="a package the launcher selects; repeatable")
    p.add_argument("--suite-includes", required=True, help="the agents' includes glob")
    p.add_argument("--suite-warm-class", required=True, help="test class of the untimed warm-up runs")
    p.add_argument("--suite-quick-exclude", default="", help="class-name regex --quick leaves out")
    p.add_argument("--suite-jvm-flags", default="", help="JVM flags of every suite run (one string)")
    p.add_argument("--suite-exclude", dest="suite_excludes", action="append", default=[])
    p.add_argument("jars", nargs="+")
    a = p.parse_args()
    a.out = os.path.abspath(a.out)
    a.min_reps = max(1, min(a.min_reps, a.reps))
    a.t0 = time.perf_counter()
    a.budget_total = a.budget
    a.budget_throughput = a.budget / 4 if a.only is None else a.budget
    os.makedirs(os.path.join(a.out, "logs"), exist_ok=True)
    v = subprocess.run([a.java, "-version"], capture_output=True, text=True).stderr.splitlines()
    a.java_version = v[1].strip() if len(v) > 1 else (v[0] if v else "?")

    started = datetime.datetime.now().astimezone()
    header = [f"jvmfuzz benchmarks, {started:%Y-%m-%d %H:%M %Z}{' (--quick)' if a.quick else ''}", machine(), ""]
    body, data = [], {"started": started.isoformat(), "machine": machine(), "quick": a.quick, "reps": a.reps}
    t0 = a.t0
    if a.only in (None, "throughput"):
        lines, data["throughput"] = throughput(a, a.out)
        body += lines + [""]
    if a.only in (None, "overhead"):
        lines, data["overhead"] = overhead(a, a.out)
        body += lines + [""]
    footer = [f"total benchmark time {time.perf_counter() - t0:.0f} s; load avg at end {os.getloadavg()[0]:.1f}; "
              f"logs in {os.path.join(a.out, 'logs')}"]
    text = "\n".join(header + body + footer) + "\n"
    with open(os.path.join(a.out, "results.txt"), "w") as f:
        f.write(text)
    with open(os.path.join(a.out, "results.json"), "w") as f:
        json.dump(data, f, indent=2, default=str)
    print(text, end="")


if __name__ == "__main__":
    main()
