#!/usr/bin/env python3
"""Solver benchmark: jvmfuzz --solver on vs --solver off vs Jazzer, same wall budget, runs alternated.

Called by run.sh (which fetches and compiles everything and passes the paths in the
environment). For each seed, for each target, runs the tools one after the other (the order
rotates with seed and target), each in a fresh temporary folder with an empty corpus.

Find targets (the transformed checks and the planted magic compares) stop at their first
finding or at the budget. Time-to-bug is one clock for all three: wall seconds from spawning the
process to the arrival of its finding line (jvmfuzz `jvmfuzz: FINDING`, Jazzer `== Java
Exception:`), JVM start-up included; a finding counts only within the budget. Executions to the
bug: jvmfuzz's findings/summary.json (`execs`, and its own clock `first_seen_secs`, kept too);
Jazzer's final `stat::number_of_executed_units` when it prints one, else its last status line.

Parser targets (gson, jackson) run the whole budget with --keep-going / --keep_going: exec/s
and the coverage at the end (jvmfuzz's `done` line: probes covered; Jazzer's `cov:`).

jvmfuzz with --solver on prints `jvmfuzz: solver: ...` at the end: its counters are kept per run.

Writes results/<date>[-label].{txt,json} (the JSON after every run, so an interrupted run keeps
what it measured) and out/logs/<target>-<tool>-<seed>.log (every output line with its arrival
time), out/crashes/<target>-<tool>-<seed> (the input that failed).
"""
import argparse
import datetime
import hashlib
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
RESULTS = os.path.join(HERE, "results")

# (name, class, group, extra class path variable). group: "transformed" (checks that transform the
# input: the solver's targets), "magic" (benchmarks/fuzz's planted magic compares), "parser"
# (realistic parsers: coverage and exec/s, no planted bug).
TARGETS = [
    ("linear", "fuzz.SolveLinear", "transformed", None),
    ("checksum", "fuzz.SolveChecksum", "transformed", None),
    ("parsed", "fuzz.SolveParsed", "transformed", None),
    ("provider", "fuzz.SolveProvider", "transformed", None),
    ("unmodelled", "fuzz.SolveUnmodelled", "transformed", None),
    ("tlv", "bench.TlvRecord", "transformed", None),
    ("packet", "bench.Packet", "transformed", None),
    ("parsed-fields", "bench.ParsedFields", "transformed", None),
    ("provider-eq", "bench.ProviderEquations", "transformed", None),
    ("magic-int", "bench.MagicInt", "magic", None),
    ("magic-string", "bench.MagicString", "magic", None),
    ("bad-chain", "bench.BadChain", "magic", None),
    ("gson", "bench.GsonParse", "parser", "GSON_CP"),
    ("jackson", "bench.JacksonParse", "parser", "JACKSON_CP"),
]
TOOLS = ("on", "off", "jazzer")
GOAL_S = 120  # the issue's goal: every such bug within two minutes with the solver on

FIND = {
    "jvmfuzz": re.compile(r"^jvmfuzz: FINDING "),
    "jazzer": re.compile(r"^(?:== Java Exception: |==\d+== ERROR: libFuzzer: |ERROR: libFuzzer: )"),
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
SOLVER = re.compile(
    r"jvmfuzz: solver: (\d+) entries traced \((\d+) failed\), (\d+) conditions, (\d+) queries "
    r"\((\d+) sat, (\d+) unsat, (\d+) unknown\), (\d+) solved inputs kept, (\d+) findings; "
    r"(\d+) values made concrete, (\d+) shadow mismatches")
SOLVER_KEYS = ("traced", "failed", "conditions", "queries", "sat", "unsat", "unknown", "kept", "findings",
               "concretized", "mismatches")
DONE = re.compile(r"jvmfuzz: done: (\d+) execs \(([\d.]+) exec/s in this process\), corpus (\d+), "
                  r"edges (\d+)/(\d+), findings (\d+)")


def env(k):
    v = os.environ.get(k)
    if not v:
        sys.exit(f"solver.py: ${k} not set (run benchmarks/solver/run.sh)")
    return v


def run_cmd(cmd, cwd, log, limit, tool):
    """Runs cmd (stdout and stderr merged) in its own process group, timing each line as it
    arrives; kills the group after `limit` seconds. Returns (timings, output with times)."""
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
    r = {"t_start": None, "t_find": None, "find_line": None, "execs_seen": None, "execs_at_find": None,
         "t_last_status": None, "last_status": None}
    lines = []
    for line in p.stdout:
        t = time.monotonic() - t0
        lines.append(f"[{t:8.3f}] {line}")
        if r["t_start"] is None and START[tool].search(line):
            r["t_start"] = t
        m = EXECS[tool].search(line)
        if m:
            r["execs_seen"] = int(m.group(1))
            r["t_last_status"] = t
            r["last_status"] = line.strip()
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
            f.write(f"\n[solver.py: killed after {limit} s]\n")
    return r, "".join(lines)


def run_tool(tool, t, budget, seed, log, opts):
    name, cls, group, extra = t
    cp = env("TARGETS") + (":" + env(extra) if extra else "")
    find = group != "parser"
    d = tempfile.mkdtemp(prefix=f"solver-{tool}-")
    if tool in ("on", "off"):
        cmd = [env("FUZZ_BIN"), "--cp", cp + ":" + env("JAZZER_API"), "--harness", cls,
               "--max-total-time", str(budget), "--progress", "plain", "--solver", tool]
        if tool == "on" and opts.solver_timeout:
            cmd += ["--solver-timeout", str(opts.solver_timeout)]
        if opts.jvmfuzz_seed:
            cmd += ["--seed", str(seed)]
        if not find:
            cmd.append("--keep-going")
        limit = budget + 30  # it stops itself; a solver stage may hold up to 5 s
        kind = "jvmfuzz"
    else:
        cmd = [env("JAVA"), "-cp", cp + ":" + env("JAZZER_JAR") + ":" + env("JAZZER_API"),
               "com.code_intelligence.jazzer.Jazzer", f"--target_class={cls}", f"-seed={seed}",
               f"-max_total_time={budget}", "-print_final_stats=1"]
        if not find:
            cmd.append("--keep_going=1000000")
        # Jazzer's -max_total_time starts after its start-up: stop it on the same wall clock
        # as jvmfuzz (a finding after the budget does not count anyway).
        limit = budget + 3
        kind = "jazzer"
    load = os.getloadavg()[0]
    tm, out = run_cmd(cmd, d, log, limit, kind)
    r = {"tool": tool, "seed": seed, "rc": tm["rc"], "wall_s": round(tm["wall"], 3), "load_1m": round(load, 2),
         "startup_s": None if tm["t_start"] is None else round(tm["t_start"], 3),
         "t_find_s": None if tm["t_find"] is None else round(tm["t_find"], 3)}
    r["found"] = find and tm["t_find"] is not None and tm["t_find"] <= budget
    execs = None
    if kind == "jvmfuzz":
        m = DONE.findall(out)
        if m:
            e, eps, corpus, edges, total, _ = m[-1]
            execs = int(e)
            r["done_exec_s"], r["corpus"], r["edges"], r["edges_total"] = float(eps), int(corpus), int(edges), int(total)
        s = SOLVER.findall(out)
        if s:
            r["solver"] = dict(zip(SOLVER_KEYS, (int(x) for x in s[-1])))
        notes = sorted({ln.split("] ", 1)[-1].strip() for ln in out.splitlines()
                        if "jvmfuzz: solver:" in ln and not SOLVER.search(ln)})
        if notes:
            r["solver_notes"] = notes[:5]
        try:
            with open(os.path.join(d, "findings", "summary.json")) as f:
                js = json.load(f)
            entries = js if isinstance(js, list) else js.get("findings", [])
            if entries:
                first = min(entries, key=lambda e: e.get("first_seen_secs") or 1e9)
                r["exception"] = first.get("exception")
                r["message"] = (first.get("message") or "")[:200]
                r["tool_first_seen_s"] = first.get("first_seen_secs")
                r["execs_at_find"] = first.get("execs")
                r["first_input"] = first.get("input")
        except (OSError, ValueError):
            pass
    else:
        m = re.search(r"stat::number_of_executed_units: (\d+)", out)
        execs = int(m.group(1)) if m else tm["execs_seen"]
        cov = re.findall(r"#\d+\s+\w+\s+cov: (\d+) ft: (\d+)", out)
        if cov:
            r["edges"], r["features"] = int(cov[-1][0]), int(cov[-1][1])
        corp = re.findall(r"#\d+\s+\w+\s+cov: \d+ ft: \d+ corp: (\d+)", out)
        if corp:
            r["corpus"] = int(corp[-1])
        if tm["t_find"] is not None:
            mm = re.search(r"== Java Exception: (\S+?)(?::\s*(.*)|\s*$)", out, re.M)
            if mm:
                r["exception"], r["message"] = mm.group(1), (mm.group(2) or "")[:200]
            # Executions to the finding: the final stats when libFuzzer prints them after a
            # finding (an exact count), else the last status line before it (a lower bound).
            r["execs_at_find"] = execs if m else tm["execs_at_find"]
            r["execs_at_find_exact"] = bool(m)
    if execs is None:
        execs = tm["execs_seen"]
    r["execs"] = execs
    # exec/s the same way for all: executions over the seconds from the first fuzzing line to the
    # finding (find runs) or to the last status line (whole runs); None under 1 s of fuzzing.
    # Without a finding: jvmfuzz's `done` line (executions / seconds in the process), Jazzer's
    # last status line (its executions at that line's arrival time).
    if r["found"]:
        end, n = tm["t_find"], r.get("execs_at_find")
    elif kind == "jazzer":
        end, n = tm["t_last_status"], tm["execs_seen"]
    else:
        end, n = None, None
    if kind == "jvmfuzz" and not r["found"]:
        r["exec_s"] = r.get("done_exec_s")
    elif n and tm["t_start"] is not None and end is not None and end - tm["t_start"] >= 1.0:
        r["exec_s"] = round(n / (end - tm["t_start"]), 1)
    else:
        r["exec_s"] = None
    # Keep the input that failed.
    src = None
    if kind == "jvmfuzz":
        src = os.path.join(d, r["first_input"]) if r.get("first_input") else None
    else:
        fs = sorted(x for x in os.listdir(d) if re.match(r"(crash|timeout|oom|slow-unit)-[0-9a-f]+$", x))
        src = os.path.join(d, fs[0]) if fs else None
    if src and os.path.isfile(src) and r["found"]:
        os.makedirs(os.path.join(OUT, "crashes"), exist_ok=True)
        dst = os.path.join(OUT, "crashes", f"{name}-{tool}-{seed}")
        shutil.copyfile(src, dst)
        r["input"] = os.path.relpath(dst, HERE)
    r.pop("first_input", None)
    shutil.rmtree(d, ignore_errors=True)
    return r


# ---- the tables ----

INF = float("inf")


def med(vals):
    vals = [v for v in vals if v is not None]
    return statistics.median(vals) if vals else None


def fmt_s(v, budget=None):
    if v is None:
        return "-"
    if v == INF:
        return f">{budget}" if budget else "miss"
    return f"{v:.1f}"


def fmt_n(v):
    if v is None:
        return "-"
    for div, suf in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if v >= div:
            return f"{v / div:.1f}{suf}"
    return f"{v:.0f}" if isinstance(v, (int, float)) and float(v).is_integer() else f"{v:.1f}"


def fmt_ratio(rs):
    if not rs:
        return "-"
    s = f"{statistics.median(rs):.2f}"
    return s + (f" ({min(rs):.2f}..{max(rs):.2f})" if len(rs) > 1 else "")


def t_all(r):
    """Time-to-bug with a miss as infinity (for medians over every seed)."""
    return r["t_find_s"] if r["found"] else INF


def paired(runs_a, runs_b, key):
    """key(b)/key(a) for each seed both found the bug (runs matched by seed)."""
    by_seed = {r["seed"]: r for r in runs_a}
    out = []
    for rb in runs_b:
        ra = by_seed.get(rb["seed"])
        if ra and ra["found"] and rb["found"]:
            va, vb = key(ra), key(rb)
            if va and vb:
                out.append(vb / va)
    return out


def find_tables(ts, results, meta):
    budget = meta["budget_s"]
    lines = []
    hdr = (f"{'target':14} {'group':11} | {'on':>4} {'med s':>6} {'execs':>7} | {'off':>4} {'med s':>6} {'execs':>7} | "
           f"{'jazzer':>6} {'med s':>6} {'execs':>7} | {'off/on s':>18} {'off/on execs':>18}")
    lines.append(hdr)
    lines.append("-" * len(hdr))
    verdicts = []
    for t in ts:
        name, _, group, _ = t
        if group == "parser":
            continue
        row = f"{name:14} {group:11} |"
        for tool in TOOLS:
            rs = results[name][tool]
            if not rs:
                row += f" {'-':>{6 if tool == 'jazzer' else 4}} {'-':>6} {'-':>7} |"
                continue
            k = sum(r["found"] for r in rs)
            m = statistics.median([t_all(r) for r in rs])
            ex = med([r.get("execs_at_find") for r in rs if r["found"]])
            exs = fmt_n(ex) if tool != "jazzer" or all(r.get("execs_at_find_exact") for r in rs if r["found"]) \
                else ">=" + fmt_n(ex)
            row += f" {f'{k}/{len(rs)}':>{6 if tool == 'jazzer' else 4}} {fmt_s(m, budget):>6} {exs:>7} |"
        on, off = results[name]["on"], results[name]["off"]
        row += f" {fmt_ratio(paired(on, off, lambda r: r['t_find_s'])):>18} " \
               f"{fmt_ratio(paired(on, off, lambda r: r.get('execs_at_find'))):>18}"
        lines.append(row)
        if on:
            k = sum(r["found"] for r in on)
            worst = max((r["t_find_s"] for r in on if r["found"]), default=None)
            ok = k == len(on) and worst is not None and worst <= GOAL_S
            if ok:
                v = f"MET: {k}/{len(on)}, worst {worst:.1f} s"
            elif k == 0:
                v = f"MISSED: 0/{len(on)} within {budget} s"
            else:
                v = f"MISSED: {k}/{len(on)} within {budget} s" + (f", worst found {worst:.1f} s" if worst else "")
            verdicts.append(f"  {name:14} {v}")
    lines.append("")
    lines.append(f"goal: every such bug found within {GOAL_S} s with the solver on (every seed)"
                 + (f"; this run's budget is {budget} s, so a miss here says 'not within {budget} s'"
                    if budget < GOAL_S else ""))
    lines += verdicts
    lines.append("")
    lines.append("per tool (find targets):")
    hdr2 = (f"{'target':14} {'tool':6} {'found':>5} {'med s*':>7} {'min..max s':>13} {'own s':>6} {'execs':>8} "
            f"{'startup':>7} {'exec/s':>7}  what was found")
    lines.append(hdr2)
    lines.append("-" * len(hdr2))
    for t in ts:
        name, _, group, _ = t
        if group == "parser":
            continue
        for tool in TOOLS:
            rs = results[name][tool]
            if not rs:
                continue
            hits = [r for r in rs if r["found"]]
            ts_ = [r["t_find_s"] for r in hits]
            rng = f"{min(ts_):.1f}..{max(ts_):.1f}" if ts_ else "-"
            own = med([r.get("tool_first_seen_s") for r in hits]) if tool != "jazzer" else None
            ex = med([r.get("execs_at_find") for r in hits])
            msgs = sorted({(r.get("message") or r.get("exception") or "?")[:48] for r in hits})
            lines.append(f"{name:14} {tool:6} {len(hits):>2}/{len(rs):<2} {fmt_s(med(ts_)):>7} {rng:>13} "
                         f"{fmt_s(own):>6} {fmt_n(ex):>8} {fmt_s(med([r['startup_s'] for r in rs])):>7} "
                         f"{fmt_n(med([r.get('exec_s') for r in rs])):>7}  {'; '.join(msgs) if msgs else '-'}")
    return lines


def parser_table(ts, results, meta):
    pb = meta["parser_budget_s"]
    lines = [f"parsers ({pb} s per run, --keep-going; medians, paired ratios on/off by seed with min..max):"]
    hdr = (f"{'target':9} {'tool':6} {'runs':>4} {'exec/s':>8} {'edges':>7} {'of':>7} {'corpus':>6}  "
           f"{'on/off exec/s':>18} {'on/off edges':>18}")
    lines.append(hdr)
    lines.append("-" * len(hdr))
    verdicts = []
    for t in ts:
        name, _, group, _ = t
        if group != "parser":
            continue
        for tool in TOOLS:
            rs = results[name][tool]
            if not rs:
                continue
            ratio_e = ratio_x = ""
            if tool == "on":
                off = results[name]["off"]
                rx = paired_all(off, rs, "exec_s")
                re_ = paired_all(off, rs, "edges")
                ratio_x, ratio_e = fmt_ratio(rx), fmt_ratio(re_)
                if off:
                    me_on, me_off = med([r.get("edges") for r in rs]), med([r.get("edges") for r in off])
                    verdicts.append(f"  {name:9} edges on {fmt_n(me_on)} vs off {fmt_n(me_off)} "
                                    f"(paired {ratio_e}); exec/s on/off {ratio_x}")
            lines.append(f"{name:9} {tool:6} {len(rs):>4} {fmt_n(med([r.get('exec_s') for r in rs])):>8} "
                         f"{fmt_n(med([r.get('edges') for r in rs])):>7} "
                         f"{fmt_n(med([r.get('edges_total') for r in rs])):>7} "
                         f"{fmt_n(med([r.get('corpus') for r in rs])):>6}  {ratio_x:>18} {ratio_e:>18}")
    lines.append("")
    lines.append("goal: no loss on the realistic parsers (coverage at the end, solver on vs off):")
    lines += verdicts
    lines.append("edges: jvmfuzz probes covered / instrumented (its `done` line); Jazzer: libFuzzer `cov:` "
                 "(another instrumentation: compare within a tool only)")
    return lines


def paired_all(runs_a, runs_b, key):
    by_seed = {r["seed"]: r for r in runs_a}
    out = []
    for rb in runs_b:
        ra = by_seed.get(rb["seed"])
        if ra and ra.get(key) and rb.get(key):
            out.append(rb[key] / ra[key])
    return out


def solver_table(ts, results):
    lines = ["solver counters (jvmfuzz --solver on; the `jvmfuzz: solver:` line at the end of each run; "
             "median per run, and the sum over runs for the ones that should be 0):"]
    hdr = (f"{'target':14} {'runs':>4} {'traced':>6} {'conds':>7} {'queries':>7} {'sat':>6} {'unsat':>6} "
           f"{'kept':>5} {'finds':>5} {'concr':>6} | {'failed':>6} {'unknown':>7} {'mismatch':>8} {'no line':>7}")
    lines.append(hdr)
    lines.append("-" * len(hdr))
    for t in ts:
        name = t[0]
        rs = results[name]["on"]
        if not rs:
            continue
        ss = [r.get("solver") for r in rs if r.get("solver")]

        def m(k):
            return fmt_n(med([s[k] for s in ss])) if ss else "-"

        def tot(k):
            return str(sum(s[k] for s in ss)) if ss else "-"
        lines.append(f"{name:14} {len(rs):>4} {m('traced'):>6} {m('conditions'):>7} {m('queries'):>7} {m('sat'):>6} "
                     f"{m('unsat'):>6} {m('kept'):>5} {m('findings'):>5} {m('concretized'):>6} | {tot('failed'):>6} "
                     f"{tot('unknown'):>7} {tot('mismatches'):>8} {len(rs) - len(ss):>7}")
    notes = sorted({n for t in ts for r in results[t[0]]["on"] for n in r.get("solver_notes", [])})
    if notes:
        lines.append("solver messages seen:")
        lines += ["  " + n[:200] for n in notes]
    lines.append("no line: runs without the summary line (killed, or the process ended another way)")
    return lines


def tables(ts, results, meta):
    what = []
    if any(t[2] != "parser" for t in ts):
        what.append(f"find targets {meta['seeds']} seed(s) x {meta['budget_s']} s")
    if any(t[2] == "parser" for t in ts):
        what.append(f"parsers {meta['parser_seeds']} seed(s) x {meta['parser_budget_s']} s")
    lines = [f"jvmfuzz --solver on / --solver off / Jazzer {meta['jazzer_version']}: {', '.join(what)}; "
             f"runs alternated; {meta['started']} -> {meta.get('finished', '(unfinished)')}"
             + (f", {meta['total_wall_s'] / 60:.0f} min" if meta.get("total_wall_s") else "")
             + f"; {meta['cores']} cores, load {meta['load_start'][0]:.1f} -> "
             + (f"{meta['load_end'][0]:.1f}" if meta.get("load_end") else "?")]
    lines.append(f"fuzz: {meta['fuzz_bin']} (sha256 {meta['fuzz_sha256'][:12]}); {meta['java']}")
    if any(t[2] != "parser" for t in ts):
        lines.append("")
        lines.append(f"time-to-bug: wall seconds from process start to the finding line (JVM start-up included); "
                     f"med s: median over all seeds, a miss counting as >{meta['budget_s']}; execs: median executions "
                     f"to the bug over the seeds that found it (jvmfuzz: summary.json; Jazzer: '>=' = its last status "
                     f"line, a lower bound); off/on: paired by seed where both found it, median (min..max)")
        lines += find_tables(ts, results, meta)
        lines.append("med s*: median over the seeds that found it; own s: jvmfuzz's first_seen_secs (its own clock); "
                     "startup: seconds to the first fuzzing line; exec/s: executions / seconds from the first fuzzing "
                     "line to the finding or the end (runs under 1 s of fuzzing: -)")
    if any(t[2] == "parser" for t in ts):
        lines.append("")
        lines += parser_table(ts, results, meta)
    if any(results[t[0]]["on"] for t in ts):
        lines.append("")
        lines += solver_table(ts, results)
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="3 seeds x 30 s everywhere")
    ap.add_argument("--seeds", type=int, help="seeds for the find targets (default 5)")
    ap.add_argument("--budget", type=int, help="wall seconds per run, find targets (default 120)")
    ap.add_argument("--parser-seeds", type=int, help="seeds for the parsers (default 3)")
    ap.add_argument("--parser-budget", type=int, help="wall seconds per run, parsers (default 60)")
    ap.add_argument("--only", help="comma-separated target names, or a group: transformed, magic, parser")
    ap.add_argument("--tools", default="on,off,jazzer", help="comma-separated: on, off, jazzer")
    ap.add_argument("--parser-jazzer", action="store_true", help="also run Jazzer on the parsers")
    ap.add_argument("--solver-timeout", type=int, help="pass --solver-timeout MS to the `on` runs")
    ap.add_argument("--jvmfuzz-seed", action="store_true",
                    help="pass --seed N to jvmfuzz too (it then traces every new entry, ignoring the solver's time share)")
    ap.add_argument("--label", help="results/<date>-<label>.{txt,json}")
    ap.add_argument("--table-only", metavar="JSON", help="print the tables of a saved results JSON")
    a = ap.parse_args()
    if a.table_only:
        with open(a.table_only) as f:
            doc = json.load(f)
        ts = [t for t in TARGETS if t[0] in doc["results"]]
        print(tables(ts, doc["results"], doc))
        return
    seeds = a.seeds or (3 if a.quick else 5)
    budget = a.budget or (30 if a.quick else 120)
    pseeds = a.parser_seeds or 3
    pbudget = a.parser_budget or (30 if a.quick else 60)
    tools = [x for x in a.tools.split(",") if x]
    if not set(tools) <= set(TOOLS):
        sys.exit(f"solver.py: --tools takes {','.join(TOOLS)}")
    sel = a.only.split(",") if a.only else None
    ts = [t for t in TARGETS if not sel or t[0] in sel or t[2] in sel]
    if not ts:
        sys.exit("solver.py: no target selected")
    os.makedirs(os.path.join(OUT, "logs"), exist_ok=True)
    os.makedirs(RESULTS, exist_ok=True)
    now = datetime.datetime.now(datetime.timezone.utc)
    label = a.label or ("quick" if a.quick else None)
    stem = now.strftime("%Y-%m-%d") + (f"-{label}" if label else "")
    if os.path.exists(os.path.join(RESULTS, stem + ".json")):
        stem += now.strftime("-%H%M")
    with open(env("FUZZ_BIN"), "rb") as f:
        sha = hashlib.sha256(f.read()).hexdigest()
    java = subprocess.run([env("JAVA"), "-version"], capture_output=True, text=True).stderr.splitlines()[0]
    results = {t[0]: {tool: [] for tool in TOOLS} for t in ts}
    meta = {"started": now.strftime("%Y-%m-%d %H:%M UTC"), "budget_s": budget, "seeds": seeds,
            "parser_budget_s": pbudget, "parser_seeds": pseeds, "tools": tools, "jazzer_version": env("JAZZER_VERSION"),
            "fuzz_bin": env("FUZZ_BIN"), "fuzz_sha256": sha, "java": java, "cores": os.cpu_count(),
            "load_start": os.getloadavg(), "jvmfuzz_seed": a.jvmfuzz_seed, "solver_timeout_ms": a.solver_timeout,
            "argv": sys.argv[1:]}
    doc = dict(meta, results=results)
    # Worst case: every run to its budget.
    worst = 0
    for t in ts:
        tl = [x for x in tools if t[2] != "parser" or x != "jazzer" or a.parser_jazzer]
        worst += len(tl) * (pseeds * (pbudget + 2) if t[2] == "parser" else seeds * (budget + 2))
    print(f"solver.py: {len(ts)} targets, tools {','.join(tools)}; worst case {worst / 60:.0f} min "
          f"(every run to its budget); results -> results/{stem}.{{txt,json}}", flush=True)
    t0 = time.monotonic()
    for seed in range(1, max(seeds, pseeds) + 1):
        for i, t in enumerate(ts):
            name, _, group, _ = t
            if seed > (pseeds if group == "parser" else seeds):
                continue
            tl = [x for x in tools if group != "parser" or x != "jazzer" or a.parser_jazzer]
            k = (seed + i) % len(tl)
            order = tl[k:] + tl[:k]
            for tool in order:
                log = os.path.join(OUT, "logs", f"{name}-{tool}-{seed}.log")
                b = pbudget if group == "parser" else budget
                r = run_tool(tool, t, b, seed, log, a)
                results[name][tool].append(r)
                extra = ""
                if r.get("solver"):
                    s = r["solver"]
                    extra = (f" solver: traced {s['traced']} (failed {s['failed']}), q {s['queries']} "
                             f"{s['sat']}/{s['unsat']}/{s['unknown']}, kept {s['kept']}, mism {s['mismatches']}")
                print(f"seed {seed} {name:14} {tool:6} found={'yes' if r['found'] else 'no ':3} "
                      f"t={fmt_s(r['t_find_s']):>6} execs={fmt_n(r.get('execs_at_find') if r['found'] else r.get('execs')):>7} "
                      f"exec/s={fmt_n(r.get('exec_s')):>7} edges={r.get('edges', '-')} load={r['load_1m']}"
                      f"{extra} {r.get('message') or ''}", flush=True)
                with open(os.path.join(RESULTS, stem + ".json"), "w") as f:
                    json.dump(doc, f, indent=1)
    doc["finished"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    doc["load_end"] = os.getloadavg()
    doc["total_wall_s"] = round(time.monotonic() - t0, 1)
    text = tables(ts, results, doc)
    print("\n" + text)
    with open(os.path.join(RESULTS, stem + ".txt"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(RESULTS, stem + ".json"), "w") as f:
        json.dump(doc, f, indent=1)


if __name__ == "__main__":
    main()
