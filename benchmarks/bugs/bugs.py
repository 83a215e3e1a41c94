#!/usr/bin/env python3
"""Real-bug benchmark: jvmfuzz vs Jazzer, same harnesses, same wall-clock budget, N seeds.

Called by run.sh (which fetches and compiles everything and passes the paths in the
environment). For each seed, for each harness, runs both tools one after the other (which goes
first alternates), each in a fresh temporary folder with an empty corpus, and stops each at its
first finding or at the budget. Prints one table; writes out/results.{txt,json} (results.json
after every run, so an interrupted run keeps what it measured) and out/logs/<harness>-<tool>-<seed>.log.

Time-to-bug is the same clock for both tools: wall seconds from spawning the process to the
arrival of the tool's finding line on its output (jvmfuzz `jvmfuzz: FINDING`, Jazzer
`== Java Exception:` or libFuzzer's `ERROR: libFuzzer: ...`). JVM start-up, class loading and
instrumentation are included. A finding counts only if that time is within the budget.
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

TIMEOUT_S = 10  # per-input timeout, both tools (a slower input is a "timeout" finding)
RSS_MB = 2560  # RSS limit, both tools (an "out-of-memory" finding)
XMX = "-Xmx1g"  # same Java heap for both: an OutOfMemoryError means the same thing
GRACE_S = 30  # kill a run this long after the budget (Jazzer's -max_total_time starts after its start-up)


def env(k):
    v = os.environ.get(k)
    if not v:
        sys.exit(f"bugs.py: ${k} not set (run benchmarks/bugs/run.sh)")
    return v


def harnesses():
    hs = []
    with open(env("HARNESSES")) as f:
        for line in f:
            name, cls, cp = line.rstrip("\n").split("\t")
            hs.append({"name": name, "class": cls, "cp": cp})
    return hs


FIND = {
    "jvmfuzz": re.compile(r"^jvmfuzz: FINDING \S+ (\S+?)(?::| at |$)"),
    "jazzer": re.compile(r"^(?:== Java Exception: (\S+?)(?::|$)|==\d+== ERROR: libFuzzer: ([\w-]+)|ERROR: libFuzzer: ([\w-]+))"),
}
# First line of fuzzing proper (after JVM start-up, class loading, instrumentation set-up).
START = {
    "jvmfuzz": re.compile(r"^jvmfuzz: \[.*executions: \d+"),
    "jazzer": re.compile(r"^#\d+\s+INITED"),
}
EXECS = {
    "jvmfuzz": re.compile(r"executions: (\d+)"),
    "jazzer": re.compile(r"^#(\d+)\s"),
}


def run_cmd(cmd, cwd, log, limit, tool):
    """Runs cmd (stdout and stderr merged), timing each line as it arrives. Returns a dict with
    rc, wall, t_start (first fuzzing line), t_find and the finding line, last execs seen."""
    # Jazzer reads every JAZZER_<OPTION> variable as an option: pass none of ours.
    clean = {k: v for k, v in os.environ.items() if not k.startswith("JAZZER_")}
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, cwd=cwd, env=clean, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True, errors="replace", start_new_session=True)
    killed = []

    def kill():
        killed.append(1)
        try:
            os.killpg(p.pid, 9)
        except OSError:
            pass

    timer = threading.Timer(limit, kill)
    timer.start()
    r = {"t_start": None, "t_find": None, "find_line": None, "execs_seen": None, "execs_at_find": None}
    lines = []
    for line in p.stdout:
        t = time.monotonic() - t0
        lines.append(f"[{t:8.3f}] {line}")
        if r["t_start"] is None and START[tool].search(line):
            r["t_start"] = t
        m = EXECS[tool].search(line)
        if m:
            r["execs_seen"] = int(m.group(1))
        if r["t_find"] is None and FIND[tool].search(line):
            r["t_find"] = t
            r["find_line"] = line.strip()[:300]
            r["execs_at_find"] = r["execs_seen"]
    rc = p.wait()
    timer.cancel()
    r["wall"] = time.monotonic() - t0
    r["rc"] = "killed" if killed else rc
    with open(log, "w") as f:
        f.write(" ".join(cmd) + "\n\n" + "".join(lines))
        if killed:
            f.write(f"\n[bugs.py: killed after {limit} s]\n")
    return r, "".join(lines)


def jazzer_exception(out):
    """The exception Jazzer reports; for its wrapped findings (out of memory, stack overflow)
    the cause; for libFuzzer's own findings (timeout, out-of-memory by RSS) that name."""
    m = re.search(r"== Java Exception: (\S+?)(?::|\s|$)(.*)", out)
    if m:
        exc = m.group(1)
        if exc.startswith("com.code_intelligence.jazzer.api.FuzzerSecurityIssue"):
            c = re.search(r"Caused by: (\S+?)(?::|\s|$)", out[m.start():])
            if c:
                exc = c.group(1)
        rest = out[m.end():]
        top = re.search(r"^\[[ \d.]+\]\s+at ((?!com\.code_intelligence)\S+)", rest, re.M)
        return exc, (top.group(1) if top else None)
    m = re.search(r"ERROR: libFuzzer: ([\w-]+)", out)
    return (f"libFuzzer {m.group(1)}", None) if m else (None, None)


def run_tool(tool, h, budget, seed, log):
    d = tempfile.mkdtemp(prefix=f"bugs-{tool}-")
    if tool == "jvmfuzz":
        cmd = [env("FUZZ_BIN"), "--cp", h["cp"] + ":" + env("JAZZER_API"), "--harness", h["class"],
               "--max-total-time", str(budget), "--seed", str(seed), "--progress", "plain",
               "--timeout", str(TIMEOUT_S), "--rss-limit-mb", str(RSS_MB), f"--jvm-arg={XMX}"]
    else:
        cmd = [env("JAVA"), XMX, "-cp", h["cp"] + ":" + env("JAZZER_JAR") + ":" + env("JAZZER_API"),
               "com.code_intelligence.jazzer.Jazzer", f"--target_class={h['class']}", f"-seed={seed}",
               f"-max_total_time={budget}", f"-timeout={TIMEOUT_S}", f"-rss_limit_mb={RSS_MB}",
               "-print_final_stats=1"]
    t, out = run_cmd(cmd, d, log, budget + GRACE_S, tool)
    r = {"tool": tool, "seed": seed, "rc": t["rc"], "wall_s": round(t["wall"], 3),
         "startup_s": None if t["t_start"] is None else round(t["t_start"], 3),
         "t_find_s": None if t["t_find"] is None else round(t["t_find"], 3)}
    r["found"] = t["t_find"] is not None and t["t_find"] <= budget
    execs = None
    if tool == "jvmfuzz":
        m = re.findall(r"done: (\d+) execs \(([\d.]+) exec/s in this process\)", out)
        if m:
            execs = int(m[-1][0])
        try:
            with open(os.path.join(d, "findings", "summary.json")) as f:
                s = json.load(f)
            entries = s if isinstance(s, list) else s.get("findings", [])
            if entries:
                first = min(entries, key=lambda e: e.get("first_seen_secs") or 1e9)
                r["exception"] = first.get("exception")
                r["message"] = (first.get("message") or "")[:200]
                r["top_frame"] = first.get("top_frame")
                r["tool_first_seen_s"] = first.get("first_seen_secs")
                r["execs_at_find"] = first.get("execs")
                r["first_input"] = first.get("input")
        except (OSError, ValueError):
            pass
        if t["t_find"] is not None and "exception" not in r:
            m = FIND["jvmfuzz"].search(t["find_line"] or "")
            r["exception"] = m.group(1) if m else None
    else:
        m = re.search(r"stat::number_of_executed_units: (\d+)", out)
        execs = int(m.group(1)) if m else t["execs_seen"]
        if t["t_find"] is not None:
            r["exception"], r["top_frame"] = jazzer_exception(out)
            r["execs_at_find"] = t["execs_at_find"]
            mm = re.search(r"== Java Exception: \S+?: (.*)", out)
            r["message"] = mm.group(1)[:200] if mm else None
    if execs is None:
        execs = t["execs_seen"]
    r["execs"] = execs
    # exec/s, the same way for both: executions over the seconds from the first fuzzing line to
    # the finding (or to the end of the run).
    end = t["t_find"] if t["t_find"] is not None else t["wall"]
    if execs and t["t_start"] is not None and end - t["t_start"] >= 1.0:
        r["exec_s"] = round(execs / (end - t["t_start"]), 1)
    else:
        r["exec_s"] = None
    # Keep the input that failed: out/crashes/<harness>-<tool>-<seed> (verify.sh replays them).
    src = None
    if tool == "jvmfuzz":
        # The first finding's input (a run can record a second one before it stops).
        src = os.path.join(d, r["first_input"]) if r.get("first_input") else None
        if src and not os.path.isfile(src):
            src = None
    else:
        fs = sorted(x for x in os.listdir(d) if re.match(r"(crash|timeout|oom|slow-unit)-[0-9a-f]+$", x))
        src = os.path.join(d, fs[0]) if fs else None
    if src and r["found"]:
        os.makedirs(os.path.join(OUT, "crashes"), exist_ok=True)
        dst = os.path.join(OUT, "crashes", f"{h['name']}-{tool}-{seed}")
        shutil.copyfile(src, dst)
        r["input"] = os.path.relpath(dst, HERE)
    shutil.rmtree(d, ignore_errors=True)
    return r


def med(vals):
    vals = [v for v in vals if v is not None]
    return statistics.median(vals) if vals else None


def fmt_s(v):
    return "-" if v is None else f"{v:.1f}"


def fmt_rate(v):
    if v is None:
        return "-"
    return f"{v / 1000:.1f}k" if v >= 1000 else f"{v:.0f}"


def short_exc(rs):
    names = sorted({(r.get("exception") or "?").rsplit(".", 1)[-1] for r in rs if r["found"]})
    return ",".join(names) if names else "-"


def table(hs, results, budget, seeds, meta):
    lines = [f"jvmfuzz vs Jazzer {env('JAZZER_VERSION')} on real bugs: {seeds} seed(s) per tool, budget {budget} s "
             f"wall per run (misses count as > {budget} s), runs alternated; {meta}"]
    hdr = (f"{'harness':15} {'tool':8} {'hits':>5} {'median s':>9} {'worst s':>8} {'startup':>8} "
           f"{'exec/s':>8}  exception(s) found")
    lines.append(hdr)
    lines.append("-" * len(hdr))
    verdicts = []
    for h in hs:
        name = h["name"]
        row = {}
        for tool in ("jvmfuzz", "jazzer"):
            rs = results[name][tool]
            if not rs:
                continue
            hits = [r["t_find_s"] for r in rs if r["found"]]
            row[tool] = (len(hits), len(rs), med(hits), max(hits) if hits else None)
            lines.append(f"{name:15} {tool:8} {len(hits):>2}/{len(rs):<2} {fmt_s(med(hits)):>9} "
                         f"{fmt_s(max(hits) if hits else None):>8} {fmt_s(med([r['startup_s'] for r in rs])):>8} "
                         f"{fmt_rate(med([r['exec_s'] for r in rs])):>8}  {short_exc(rs)}")
        if len(row) < 2:
            continue
        jf, jz = row["jvmfuzz"], row["jazzer"]
        if jz[0] == 0:
            v = "Jazzer finds nothing" + (f"; jvmfuzz {jf[0]}/{jf[1]}" if jf[0] else "")
        else:
            every = jf[0] == jf[1]
            # Median over all seeds, a miss counting as slower than the budget.
            def med_all(tool):
                rs = results[name][tool]
                return statistics.median([r["t_find_s"] if r["found"] else float("inf") for r in rs])
            mj, mz = med_all("jvmfuzz"), med_all("jazzer")
            faster = mj <= mz
            ok = every and faster
            v = ("MET" if ok else "MISSED") + f": jvmfuzz {jf[0]}/{jf[1]} seeds" + \
                ("" if every else " (not every seed)") + \
                f", median {fmt_s(mj) if mj != float('inf') else 'miss'} vs {fmt_s(mz) if mz != float('inf') else 'miss'} s" + \
                ("" if faster else " (slower)")
        verdicts.append(f"  {name:15} {v}")
    lines.append("")
    lines.append("goal: every bug Jazzer finds, jvmfuzz finds in every seed, median time-to-bug <= Jazzer's")
    lines += verdicts
    lines.append("time-to-bug: wall seconds from process start to the finding line (start-up included); "
                 "median and worst over the seeds that found it; startup: seconds to the first fuzzing line; "
                 "exec/s: executions / seconds from the first fuzzing line to the finding or the end (median over runs)")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="1 seed x 20 s: a smoke run")
    ap.add_argument("--seeds", type=int)
    ap.add_argument("--budget", type=int, help="wall seconds per run")
    ap.add_argument("--only", help="comma-separated harness names")
    a = ap.parse_args()
    seeds = a.seeds or (1 if a.quick else 5)
    budget = a.budget or (20 if a.quick else 120)
    hs = [h for h in harnesses() if not a.only or h["name"] in a.only.split(",")]
    if not hs:
        sys.exit("bugs.py: no harness selected")
    os.makedirs(os.path.join(OUT, "logs"), exist_ok=True)
    started = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    load0 = os.getloadavg()
    t_all = time.monotonic()
    results = {h["name"]: {"jvmfuzz": [], "jazzer": []} for h in hs}
    doc = {"started": started, "budget_s": budget, "seeds": seeds, "timeout_s": TIMEOUT_S,
           "rss_limit_mb": RSS_MB, "heap": XMX, "jazzer_version": env("JAZZER_VERSION"),
           "fuzz_bin": env("FUZZ_BIN"), "load_start": load0, "results": results}
    for seed in range(1, seeds + 1):
        for i, h in enumerate(hs):
            order = ["jvmfuzz", "jazzer"] if (seed + i) % 2 == 0 else ["jazzer", "jvmfuzz"]
            for tool in order:
                log = os.path.join(OUT, "logs", f"{h['name']}-{tool}-{seed}.log")
                r = run_tool(tool, h, budget, seed, log)
                results[h["name"]][tool].append(r)
                print(f"seed {seed} {h['name']:15} {tool:8} found={'yes' if r['found'] else 'no ':3} "
                      f"t={fmt_s(r['t_find_s']):>6} s startup={fmt_s(r['startup_s']):>5} s "
                      f"exec/s={fmt_rate(r['exec_s']):>7} {r.get('exception') or ''} "
                      f"{r.get('top_frame') or ''}", flush=True)
                with open(os.path.join(OUT, "results.json"), "w") as f:
                    json.dump(doc, f, indent=1)
    load1 = os.getloadavg()
    doc["finished"] = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    doc["load_end"] = load1
    doc["total_wall_s"] = round(time.monotonic() - t_all, 1)
    meta = (f"{started} -> {doc['finished']}, {doc['total_wall_s'] / 60:.0f} min; "
            f"load {load0[0]:.1f} -> {load1[0]:.1f}")
    text = table(hs, results, budget, seeds, meta)
    print("\n" + text)
    with open(os.path.join(OUT, "results.txt"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(OUT, "results.json"), "w") as f:
        json.dump(doc, f, indent=1)


if __name__ == "__main__":
    main()
