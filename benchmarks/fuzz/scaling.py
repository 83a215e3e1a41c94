#!/usr/bin/env python3
"""Scaling on one machine: `fuzz --jobs 1` against `--jobs 2` on the realistic harnesses
(jackson, gson), same seed and budget, runs alternated (which goes first flips per rep).

Per run: executions (the sum of every client's `done: N execs` line; each client prints one
when the budget ends) and branch coverage of the corpus the run left (`fuzz coverage` replays
it in a fresh JVM, the same measure for both, JaCoCo's BRANCH counter of the library's classes).
Goal (issue 26): 2 jobs give at least 1.8x one job's executions, with at least its coverage.

With `--warm SECONDS`, one job first fuzzes each harness that long, and every measured run
starts from a copy of that corpus: the runs then measure the steady state of a campaign (the
coverage has plateaued), not how fast each seed happens to grow its first inputs, whose sizes
set the execution rate.

Started by `benchmarks/fuzz/run.sh scaling [--reps N] [--budget SECONDS] [--warm SECONDS]
[--only jackson,gson]`,
which builds the harnesses and sets FUZZ_BIN, JAZZER_API, TARGETS, GSON_CP, JACKSON_CP.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import env, run_cmd  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "out", "scaling")
HARNESSES = [
    # name, class, class path variable, package whose branches count
    ("jackson", "bench.JacksonParse", "JACKSON_CP", "com/fasterxml/jackson"),
    ("gson", "bench.GsonParse", "GSON_CP", "com/google/gson"),
]


def branches(xml_path, package):
    """(covered, total) BRANCH counters of the classes under `package` in a JaCoCo XML report."""
    root = ET.parse(xml_path).getroot()
    cov = tot = 0
    for pkg in root.iter("package"):
        if not pkg.get("name", "").startswith(package):
            continue
        for c in pkg.findall("counter"):
            if c.get("type") == "BRANCH":
                cov += int(c.get("covered"))
                tot += int(c.get("covered")) + int(c.get("missed"))
    return cov, tot


def run(h, jobs, budget, seed, log, start_corpus=None, keep=False):
    name, cls, cp_var, package = h
    d = tempfile.mkdtemp(prefix=f"fz-scaling-{jobs}-")
    if start_corpus:
        shutil.copytree(start_corpus, os.path.join(d, "corpus"))
    cp = env("TARGETS") + ":" + env(cp_var) + ":" + env("JAZZER_API")
    cmd = [env("FUZZ_BIN"), "--cp", cp, "--harness", cls, "--progress", "plain", "--seed", str(seed),
           "--max-total-time", str(budget), "--keep-going", "--corpus", os.path.join(d, "corpus"),
           "--jobs", str(jobs)]
    out, rc, wall, _ = run_cmd(cmd, d, log, budget + 120, "jvmfuzz")
    done = re.findall(r"done: (\d+) execs", out)
    r = {"jobs": jobs, "rc": rc, "wall_s": wall, "clients": len(done),
         "execs": sum(int(x) for x in done) if done else None}
    cov_cmd = [env("FUZZ_BIN"), "coverage", "--cp", cp, "--harness", cls, "--report", os.path.join(d, "cov"),
               os.path.join(d, "corpus")]
    cout, crc, _, _ = run_cmd(cov_cmd, d, log + ".coverage", 600)
    xml = os.path.join(d, "cov", "jacoco.xml")
    if os.path.isfile(xml):
        r["branches"], r["branches_total"] = branches(xml, package)
    r["corpus"] = len(os.listdir(os.path.join(d, "corpus"))) if os.path.isdir(os.path.join(d, "corpus")) else None
    if keep:
        r["dir"] = d
    else:
        shutil.rmtree(d, ignore_errors=True)
    return r


def med(vals):
    vals = [v for v in vals if v is not None]
    return statistics.median(vals) if vals else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--budget", type=int, default=60, help="seconds per run")
    ap.add_argument("--only", help="comma-separated harness names")
    ap.add_argument("--warm", type=int, default=0,
                    help="seconds of one job first; every measured run starts from its corpus")
    a = ap.parse_args()
    hs = [h for h in HARNESSES if not a.only or h[0] in a.only.split(",")]
    os.makedirs(os.path.join(OUT, "logs"), exist_ok=True)
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load0 = os.getloadavg()[0]
    t0 = time.monotonic()
    results = []
    for h in hs:
        start = None
        if a.warm:
            w = run(h, 1, a.warm, 1000, os.path.join(OUT, "logs", f"{h[0]}-warm.log"), keep=True)
            start = os.path.join(w["dir"], "corpus")
            print(f"{h[0]:8} warm-up: {w.get('execs')} execs in {a.warm} s, corpus {w.get('corpus')}, "
                  f"branches {w.get('branches')}/{w.get('branches_total')}", file=sys.stderr, flush=True)
        for rep in range(a.reps):
            order = [1, 2] if rep % 2 == 0 else [2, 1]
            for jobs in order:
                log = os.path.join(OUT, "logs", f"{h[0]}-jobs{jobs}-rep{rep + 1}.log")
                r = run(h, jobs, a.budget, rep + 1, log, start)
                r.update(harness=h[0], rep=rep + 1)
                results.append(r)
                print(f"{h[0]:8} rep {rep + 1} jobs {jobs}: {r.get('execs')} execs from {r['clients']} "
                      f"client(s), branches {r.get('branches')}/{r.get('branches_total')}, "
                      f"corpus {r.get('corpus')}", file=sys.stderr, flush=True)
        if start:
            shutil.rmtree(os.path.dirname(start), ignore_errors=True)
    warm = f", each from the corpus of a {a.warm} s one-job run" if a.warm else ""
    lines = [f"jvmfuzz --jobs 1 vs --jobs 2: {a.reps} reps x {a.budget} s{warm}, runs alternated; started "
             f"{started}, took {(time.monotonic() - t0) / 60:.0f} min; {os.cpu_count()} cores, "
             f"load {load0:.2f} -> {os.getloadavg()[0]:.2f}",
             "execs: sum of the clients' final counts; branches: JaCoCo BRANCH counter of the library's "
             "classes, the corpus replayed by `fuzz coverage`",
             f"{'harness':9} {'execs 1 job':>12} {'execs 2 jobs':>13} {'ratio':>6} {'branches 1':>11} "
             f"{'branches 2':>11}  verdict"]
    for h in hs:
        one = [r for r in results if r["harness"] == h[0] and r["jobs"] == 1]
        two = [r for r in results if r["harness"] == h[0] and r["jobs"] == 2]
        e1, e2 = med([r.get("execs") for r in one]), med([r.get("execs") for r in two])
        b1, b2 = med([r.get("branches") for r in one]), med([r.get("branches") for r in two])
        ratios = sorted(t["execs"] / o["execs"] for o, t in zip(one, two) if o.get("execs") and t.get("execs"))
        ratio = e2 / e1 if e1 and e2 else None
        ok = ratio is not None and ratio >= 1.8 and b1 is not None and b2 is not None and b2 >= b1
        spread = f" (per rep {', '.join(f'{x:.2f}' for x in ratios)})" if ratios else ""
        lines.append(f"{h[0]:9} {e1!s:>12} {e2!s:>13} {ratio or 0:>6.2f} {b1!s:>11} {b2!s:>11}  "
                     f"{'met' if ok else 'NOT met'}{spread}")
    lines.append("goal: 2 jobs >= 1.8x the executions of 1 job, branches >= 1 job's (medians)")
    text = "\n".join(lines)
    print(text)
    with open(os.path.join(OUT, "results.txt"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(OUT, "results.json"), "w") as f:
        json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
