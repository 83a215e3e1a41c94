#!/usr/bin/env python3
"""The table of benchmarks/junit: reads results.csv and meta.json (both written by run.sh).

    python3 benchmarks/junit/summary.py [OUT_DIR]      # default benchmarks/junit/out

results.csv: tool,test,rep,found,wall_s,test_s,fuzz_s,execs,note (one row per mvn run).
"""
import csv
import json
import os
import statistics
import sys


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "out")
    rows = list(csv.DictReader(open(os.path.join(out, "results.csv"))))
    meta = json.load(open(os.path.join(out, "meta.json")))
    budget = float(meta["budget"])
    tests, tools = meta["tests"].split(","), meta["tools"].split(",")

    print(f"jvmfuzz-junit 0.1.0 vs Jazzer's jazzer-junit 0.30.0 on tests/junit-fuzz: {meta['reps']} reps,"
          f" budget {budget:.0f} s per run, started {meta['start']} UTC, took {meta['minutes']} min")
    print(f"{meta['cores']} x {meta['cpu']}, Linux {meta['kernel']}, {meta['java']}, {meta['mvn']};"
          f" load avg {meta['load_start']} -> {meta['load_end']}")
    for tool, secs in meta.get("check", {}).items():
        print(f"budget check: {tool}: a fuzz test annotated maxDuration=\"60s\", never failing, run with a 5 s"
              f" override: {secs} s for the whole mvn run")
    print("wall = seconds of the whole `mvn -o -B test -Dtest=Class#method` (Maven, the test JVM's start, the tool's"
          " set-up, fuzzing)")
    print("a miss counts as its wall time, at least the budget: a median with a miss in it is a lower bound (>=)")
    print()
    hdr = (f"{'fuzz test':<28} {'tool':<8} {'found':>5} {'median wall s':>13} {'min-max wall s':>15}"
           f" {'median test s':>13} {'fuzz s':>6} {'execs':>9}  {'jazzer/jvmfuzz':>14} {'paired min-max':>14}")
    print(hdr)
    print("-" * len(hdr))

    def wall(r):
        w = float(r["wall_s"])
        return w if r["found"] == "1" else max(w, budget)

    for test in tests:
        med = {}
        for tool in tools:
            rs = [r for r in rows if r["tool"] == tool and r["test"] == test]
            if not rs:
                continue
            found = [r for r in rs if r["found"] == "1"]
            walls = [wall(r) for r in rs]
            m = statistics.median(walls)
            med[tool] = m
            misses = [wall(r) for r in rs if r["found"] != "1"]
            lower = bool(misses) and m >= min(misses) - 1e-9
            ts = [float(r["test_s"]) for r in rs if r["test_s"]]
            fz = [int(r["fuzz_s"]) for r in found if r["fuzz_s"]]
            ex = [int(r["execs"]) for r in found if r["execs"]]
            ratio = paired = ""
            if tool == tools[-1] and "jvmfuzz" in med and "jazzer" in med:
                ratio = f"{med['jazzer'] / med['jvmfuzz']:.2f}"
                by_rep = {}
                for r in rows:
                    if r["test"] == test:
                        by_rep.setdefault(r["rep"], {})[r["tool"]] = wall(r)
                pr = [d["jazzer"] / d["jvmfuzz"] for d in by_rep.values() if len(d) == 2]
                if pr:
                    paired = f"{min(pr):.2f}-{max(pr):.2f}"
            print(f"{test:<28} {tool:<8} {f'{len(found)}/{len(rs)}':>5} {('>=' if lower else '') + f'{m:.1f}':>13}"
                  f" {f'{min(walls):.1f}-{max(walls):.1f}':>15}"
                  f" {f'{statistics.median(ts):.1f}' if ts else '-':>13}"
                  f" {f'{statistics.median(fz):g}' if fz else '-':>6}"
                  f" {f'{statistics.median(ex):.0f}' if ex else '-':>9}  {ratio:>14} {paired:>14}")
    print()
    print("jazzer/jvmfuzz: Jazzer's median wall time over jvmfuzz's (above 1: jvmfuzz faster); paired: the same ratio"
          " per repetition (same seed), lowest and highest")
    print("test s: Surefire's time for the test class inside the test JVM (no Maven, no JVM start), median of all runs;"
          " NOT comparable between the tools: jvmfuzz readies its engine when the JUnit session opens, before"
          " Surefire's clock for the class starts, Jazzer installs its agent inside it")
    print("fuzz s: the fuzzer's own clock at the finding, whole seconds, median of the finds (jvmfuzz: its"
          " [Objective] line's run time; Jazzer: libFuzzer's \"Done N runs in S second(s)\")")
    print("execs: executions at the finding, median of the finds (jvmfuzz: its [Objective] line; Jazzer: \"Done N"
          " runs\")")


if __name__ == "__main__":
    main()
