#!/usr/bin/env python3
"""Package mode's findings and coverage (issue 27, item 5). Started by package_bench.sh, which
exports FUZZ_BIN, JAVA, LIBRARIES (libraries.tsv), per library it runs PB_<NAME>_JAR, _CP and _SOURCES
(commons-text: PB_COMMONS_TEXT_JAR), SOURCES_OPTION, JAZZER_JAR, JAZZER_API, JAZZER_VERSION,
JACOCO_CLI, JACOCO_AGENT.

Per library of libraries.tsv (--lib, default commons-text and commons-lang3; the others, each
first run before any rule was drawn from it, on request), in out/package/<lib>/:
  run       `fuzz --cp CP --package PKG --keep-going --max-total-time T --progress plain` in a
            fresh jvmfuzz/ (under unshare -n): executions and exec/s (the log's closing
            `campaign: S s, N execs`, else its last `executions: N`, over T), restarts, findings/summary.json, findings/drivers/stats.txt.
  coverage  M methods (Class::method names, every overload) sampled from the run's driver
            methods (drivers.txt): the sorted distinct names with at least one branch (JaCoCo),
            shuffled with random.Random(1), taken in that order; a name Jazzer's autofuzz refuses
            (no INITED in its log) is listed and the next one taken. Jazzer 0.30.0 --autofuzz
            gets T/M seconds per method (evaluate.jazzer_run). Both tools measured as
            evaluate.py does: the final corpus and finding inputs replayed under JaCoCo 0.8.14's
            agent (jvmfuzz: `fuzz repro`, the one package run; Jazzer: -runs=0, the run on that
            method), then BRANCH covered/total of the method-level counters of the JaCoCo XML
            report, over the overloads of each sampled name only.
  report    the findings against ground-truth/<lib>-<version>.tsv (key<TAB>verdict<TAB>note,
            key = exception@top_frame as summary.json gives them, verdict bug or contract):
            precision (kind bug entries whose verdict is bug / kind bug entries triaged), the
            real bugs found, real bugs reported as kind contract ("lost to contract"), and the
            entries with no row ("untriaged"; nothing is guessed).

  --only run,coverage,report   phases (default all; each updates result.json)
  --reuse                      start no process: every figure recomputed from what out/ holds
  --triage                     print the latest runs' untriaged findings, to add rows
Writes out/package/<lib>/result.json and result.md; prints the markdown tables.
"""
import argparse
import collections
import json
import os
import random
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import evaluate as ev  # noqa: E402  (run, replay_jvmfuzz, jazzer_run, jacoco_merge, parse_*)

OUT = os.environ.get("PACKAGE_BENCH_OUT") or os.path.join(HERE, "out", "package")  # another output directory
TRUTH = os.path.join(HERE, "ground-truth")
PHASES = ("run", "coverage", "report")


def libs():
    """The libraries of libraries.tsv, with the jars package_bench.sh fetched for those it runs
    (PB_<NAME>_JAR, _CP, _SOURCES; empty for the others, which need none to be triaged)."""
    out = {}
    for line in open(ev.env("LIBRARIES")):
        if line.startswith("#") or not line.strip():
            continue
        name, artifact, pkg = (line.rstrip("\n").split("\t") + ["", "", ""])[:3]
        key = "PB_" + name.replace("-", "_").upper()
        cp = os.environ.get(key + "_CP", "")
        out[name] = {"version": artifact.rsplit(":", 1)[1], "pkg": pkg, "jar": os.environ.get(key + "_JAR", ""),
                     "cp": cp.split(":") if cp else [], "sources": os.environ.get(key + "_SOURCES", "")}
    return out


def select(name, L):
    """Points evaluate.py's helpers (which read TARGET_CP, PKG, INCLUDES, WORK) at this library."""
    os.environ["TARGET_CP"] = ":".join(L["cp"])
    ev.PKG, ev.INCLUDES, ev.WORK = L["pkg"], L["pkg"] + ".*", os.path.join(OUT, name)


def sources_args(L):
    return ["--sources", L["sources"]] if os.environ.get("SOURCES_OPTION") and L["sources"] else []


def log(msg):
    ev.log(msg)


# ---------------------------------------------------------------- run

def phase_run(name, L, secs, reuse):
    d = os.path.join(OUT, name, "jvmfuzz")
    if not reuse:
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        cmd = [ev.env("FUZZ_BIN"), "--cp", os.environ["TARGET_CP"], "--package", L["pkg"], *sources_args(L),
               "--keep-going", "--max-total-time", str(secs), "--progress", "plain"]
        log(f"{name}: jvmfuzz --package {L['pkg']}, {secs} s")
        rc, wall, cpu, rss, _ = ev.run(cmd, d, os.path.join(d, "log.txt"), limit=secs + 900)
        json.dump({"command": " ".join(cmd), "rc": rc, "wall_s": wall, "cpu_s": cpu, "max_rss_mb": rss,
                   "seconds": secs, "fuzz_bin": ev.env("FUZZ_BIN"), "sources": sources_args(L)[1:]},
                  open(os.path.join(d, "run.json"), "w"), indent=1)
    try:
        info = json.load(open(os.path.join(d, "run.json")))
    except (OSError, ValueError):
        sys.exit(f"{d}: no run (run.json missing): run the run phase first")
    out = open(os.path.join(d, "log.txt"), errors="replace").read()
    # The campaign's closing line counts every execution; progress lines come with events only
    # (a run whose last finding came in its first second has no later one).
    execs = [int(x) for x in re.findall(r"^jvmfuzz: campaign: [\d.]+ s, (\d+) execs", out, re.M)]
    execs = execs or [int(x) for x in re.findall(r"executions: (\d+)", out)]
    done = re.findall(r"^jvmfuzz: done: .*$", out, re.M)
    stats = ev.parse_stats(os.path.join(d, "findings", "drivers", "stats.txt"))
    runs = sorted(r["runs"] for r in stats)
    info.update({
        "executions": execs[-1] if execs else None,
        "exec_per_s": execs[-1] / info["seconds"] if execs else None,
        "done_line": done[-1] if done else None,
        "restarts": len(re.findall(r"^jvmfuzz: restarted client", out, re.M)),
        "stats": {"methods": len(stats), "reached": sum(1 for r in stats if r["reached"]),
                  "runs_min": runs[0] if runs else None, "runs_p10": runs[len(runs) // 10] if runs else None,
                  "runs_median": runs[len(runs) // 2] if runs else None,
                  "under_1000_runs": sum(1 for x in runs if x < 1000)},
    })
    return info


# ---------------------------------------------------------------- coverage

def method_branches(xml_path):
    """{(class binary name, method name): [covered, total]} from a JaCoCo XML report, overloads summed."""
    res = collections.defaultdict(lambda: [0, 0])
    for _, cls in ET.iterparse(xml_path):
        if cls.tag != "class":
            continue
        cname = cls.get("name").replace("/", ".")
        for m in cls.findall("method"):
            key = res[(cname, m.get("name"))]
            for c in m.findall("counter"):
                if c.get("type") == "BRANCH":
                    cov, mis = int(c.get("covered")), int(c.get("missed"))
                    key[0] += cov
                    key[1] += cov + mis
        cls.clear()
    return dict(res)


def jacoco_xml(execs, L, xml_path):
    """Method-level branches of the library jar for these exec files (none: the static totals),
    and how many 'does not match' warnings JaCoCo printed."""
    os.makedirs(os.path.dirname(xml_path), exist_ok=True)
    p = subprocess.run([ev.env("JAVA"), "-jar", ev.env("JACOCO_CLI"), "report", *execs, "--classfiles", L["jar"],
                        "--xml", xml_path], capture_output=True, text=True)
    if p.returncode != 0:
        log(f"jacoco report {xml_path} failed: {p.stderr[-500:]}")
        return None, 0
    return method_branches(xml_path), len(re.findall(r"does not match", p.stdout + p.stderr))


def driver_names(run_dir):
    """Sorted distinct Class::method names of the run's driver methods."""
    _, drivers, _ = ev.parse_drivers_txt(os.path.join(run_dir, "findings", "drivers", "drivers.txt"))
    return sorted({"::".join(s.split("(", 1)[0].rsplit(".", 1)) for s in drivers})


def split(m):
    cls, meth = m.split("::")
    return cls, meth


def phase_coverage(name, L, secs, n_methods, reuse, prev=None):
    """prev: the coverage section of result.json; with reuse, its method count and seconds are kept."""
    base = os.path.join(OUT, name)
    run_dir = os.path.join(base, "jvmfuzz")
    static, _ = jacoco_xml([], L, os.path.join(base, "reports", "static.xml"))
    names = [m for m in driver_names(run_dir) if static.get(split(m), (0, 0))[1] > 0]
    order = list(names)
    random.Random(1).shuffle(order)
    per = max(1, secs // n_methods)
    if reuse and prev:
        n_methods, per = len(prev["methods"]), prev["seconds_per_method"]

    # jvmfuzz: the package run's corpus and findings, replayed once
    rinfo_f = os.path.join(run_dir, "replay.json")
    if not reuse:
        what = ["--package", L["pkg"], *sources_args(L)]
        log(f"{name}: replaying the jvmfuzz corpus under JaCoCo's agent")
        merged, replayed, dropped = ev.replay_jvmfuzz(run_dir, what, ["--drivers-out", os.path.join(run_dir, "replay-drivers")],
                                                      f"{name}/jvmfuzz")
        json.dump({"exec": merged, "replayed": replayed, "dropped": [os.path.relpath(x, run_dir) for x in dropped]},
                  open(rinfo_f, "w"), indent=1)
    rinfo = json.load(open(rinfo_f)) if os.path.exists(rinfo_f) else {"exec": None}
    jv, jv_mism = jacoco_xml([rinfo["exec"]] if rinfo["exec"] else [], L, os.path.join(base, "reports", "jvmfuzz.xml"))
    runs_by_name = collections.Counter()
    for r in ev.parse_stats(os.path.join(run_dir, "findings", "drivers", "stats.txt")):
        runs_by_name["::".join(r["method"].split("(", 1)[0].rsplit(".", 1))] += r["runs"]

    # Jazzer: one autofuzz run per method, in the shuffled order until n_methods were accepted
    jroot = os.path.join(base, "jazzer")
    if not reuse:
        shutil.rmtree(jroot, ignore_errors=True)
    chosen, refused, rows = [], [], []
    mism = jv_mism
    for m in order:
        if len(chosen) >= n_methods:
            break
        d = os.path.join(jroot, m.replace("::", "__"))
        if not reuse:
            os.makedirs(d)
            log(f"{name}: Jazzer --autofuzz={m}, {per} s ({len(chosen) + 1}/{n_methods})")
            r = ev.jazzer_run(m, per, d)
            r["accepted"] = "INITED" in open(os.path.join(d, "log.txt"), errors="replace").read()
            r["seconds"] = per
            json.dump(r, open(os.path.join(d, "run.json"), "w"), indent=1, default=str)
        elif not os.path.exists(os.path.join(d, "run.json")):
            break
        r = json.load(open(os.path.join(d, "run.json")))
        if not r["accepted"]:
            refused.append(m)
            continue
        chosen.append(m)
        per = r.get("seconds", per)
        jz, jz_mism = jacoco_xml([r["exec"]] if r.get("exec") else [], L,
                                 os.path.join(base, "reports", "jazzer-" + m.replace("::", "__") + ".xml"))
        mism += jz_mism
        total = static[split(m)][1]
        rows.append({"method": m, "branches": total,
                     "jvmfuzz": (jv or {}).get(split(m), (0, 0))[0] if jv is not None else None,
                     "jazzer": (jz or {}).get(split(m), (0, 0))[0] if jz is not None else None,
                     "jvmfuzz_runs": runs_by_name.get(m, 0), "jazzer_execs": r.get("execs"),
                     "jazzer_findings": len({t for _, t in r.get("findings", [])})})
    tot = sum(r["branches"] for r in rows)
    return {"candidates": len(names), "methods": chosen, "autofuzz_refused": refused, "seconds_per_method": per,
            "jazzer_seconds_total": per * len(chosen), "per_method": rows,
            "replay": rinfo, "jacoco_mismatch_warnings": mism,
            "total": {"branches": tot, "jvmfuzz": sum(r["jvmfuzz"] or 0 for r in rows),
                      "jazzer": sum(r["jazzer"] or 0 for r in rows)}}


# ---------------------------------------------------------------- ground truth

def key(e):
    return f"{e['exception']}@{e['top_frame']}"


def load_truth(name, L):
    """{key: (verdict, note)} and a list of problems (bad verdicts, duplicate keys)."""
    path = os.path.join(TRUTH, f"{name}-{L['version']}.tsv")
    truth, problems = {}, []
    if not os.path.exists(path):
        return truth, [f"{path} missing"], path
    for n, line in enumerate(open(path), 1):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        k, verdict, note = (line.split("\t") + ["", ""])[:3]
        if verdict not in ("bug", "contract"):
            problems.append(f"line {n}: verdict {verdict!r} is neither bug nor contract (row ignored)")
        elif k in truth:
            problems.append(f"line {n}: {k} listed twice (first row kept)")
        else:
            truth[k] = (verdict, note)
    return truth, problems, path


def findings(name):
    try:
        return json.load(open(os.path.join(OUT, name, "jvmfuzz", "findings", "summary.json")))
    except (OSError, ValueError):
        return []


def phase_report(name, L):
    entries = findings(name)
    truth, problems, path = load_truth(name, L)
    bug = [e for e in entries if e["kind"] == "bug"]
    contract = [e for e in entries if e["kind"] != "bug"]
    triaged_bug = [e for e in bug if key(e) in truth]
    real = [key(e) for e in triaged_bug if truth[key(e)][0] == "bug"]
    # Lost: a real bug's site reported only as contract. The same site reached by another
    # caller can be both (UnmodifiableIterator.next: a bug under nextKey, the iterator's own
    # exhaustion when called directly); the bug entry shows it then.
    shown = {key(e) for e in bug}
    lost = [key(e) for e in contract if key(e) in truth and truth[key(e)][0] == "bug" and key(e) not in shown]
    seen = {key(e) for e in entries}
    return {
        "ground_truth": os.path.relpath(path, HERE), "ground_truth_problems": problems,
        "distinct": len(entries), "distinct_keys": len(seen),
        "by_kind": dict(collections.Counter(e["kind"] for e in entries)),
        "precision": {"real": len(real), "triaged": len(triaged_bug),
                      "pct": 100.0 * len(real) / len(triaged_bug) if triaged_bug else None},
        "real_bugs": real, "lost_to_contract": lost,
        "untriaged": [{"key": key(e), "kind": e["kind"], "id": e["id"]} for e in entries if key(e) not in truth],
        "truth_bugs_not_found": sorted(k for k, (v, _) in truth.items() if v == "bug" and k not in seen),
    }


def triage(name, L):
    truth, problems, path = load_truth(name, L)
    run_dir = os.path.join(OUT, name, "jvmfuzz")
    todo = sorted((e for e in findings(name) if key(e) not in truth), key=lambda e: (e["kind"] != "bug", key(e)))
    print(f"## {name} {L['version']}: {len(todo)} untriaged finding(s) in {os.path.relpath(run_dir)}")
    print(f"   add rows to {os.path.relpath(path)}: KEY<TAB>bug|contract<TAB>note")
    for p in problems:
        print(f"   ground truth: {p}")
    for e in todo:
        fdir = os.path.join(run_dir, "findings", e["id"])
        print(f"\n[{e['kind']}] {key(e)}")
        print(f"    message: {e.get('message')}")
        if e.get("reason"):
            print(f"    reason: {e['reason']}")
        if e.get("detector"):
            print(f"    detector: {e['detector']} ({e.get('severity')}, {e.get('cwe')})")
        print(f"    inputs {e.get('inputs', '-')}, callers {e.get('callers', '-')}, first seen {e.get('first_seen_secs')} s")
        rep = os.path.join(fdir, "ReproducerTest.java")
        print(f"    reproducer: {os.path.relpath(rep if os.path.exists(rep) else os.path.join(fdir, 'Reproducer.java'))}"
              f"  (input, stack.txt beside it)")
        try:
            frames = [x.strip() for x in open(os.path.join(fdir, "stack.txt")) if x.lstrip().startswith("at ")]
        except OSError:
            frames = []
        lib = [f for f in frames if not f.startswith("at java.")]
        for f in lib[:8]:
            print(f"      {f}")
            if "jvmfuzz.drivers." in f:
                break


# ---------------------------------------------------------------- tables

def n(x):
    return f"{x:,}" if isinstance(x, int) else ("-" if x is None else str(x))


def frac(a, b):
    return f"{a}/{b} ({100.0 * a / b:.1f}%)" if b else f"{a}/{b}"


def table(name, L, R):
    out = [f"### {name} {L['version']} (`--package {L['pkg']}`)", "", "| | |", "|---|---|"]
    run, cov, f = R.get("run"), R.get("coverage"), R.get("findings")
    if run:
        s = run["stats"]
        out.append(f"| jvmfuzz run | {run['seconds']} s, executions {n(run['executions'])} "
                   f"({n(round(run['exec_per_s'])) if run['exec_per_s'] else '-'}/s), restarts {run['restarts']}"
                   f"{', --sources' if run.get('sources') else ''} |")
        out.append(f"| driver methods (stats.txt) | "
                   f"{s['methods']}, reached {s['reached']}; runs min {n(s['runs_min'])}, "
                   f"p10 {n(s['runs_p10'])}, median {n(s['runs_median'])}; under 1,000 runs {s['under_1000_runs']} |")
    goals = []
    if f:
        p = f["precision"]
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(f["by_kind"].items()))
        unt = collections.Counter(u["kind"] for u in f["untriaged"])
        out.append(f"| distinct findings | {f['distinct']}: {kinds} |")
        out.append(f"| precision (real bugs among kind bug, triaged) | "
                   f"{frac(p['real'], p['triaged']) if p['triaged'] else '-'} ({p['triaged']} of {f['by_kind'].get('bug', 0)} triaged) |")
        out.append(f"| real bugs found | {len(f['real_bugs'])} |")
        out.append(f"| real bugs lost to contract | {len(f['lost_to_contract'])} |")
        out.append(f"| untriaged | {len(f['untriaged'])} (bug {unt.get('bug', 0)}, contract {unt.get('contract', 0)}) |")
        if p["triaged"]:
            goals.append(f"precision >= 80%: {'MET' if p['pct'] >= 80 else 'NOT MET'} ({p['pct']:.1f}%"
                         + (f"; {unt['bug']} kind bug untriaged" if unt.get("bug") else "") + ")")
        else:
            goals.append("precision >= 80%: not known (no kind bug finding triaged)")
        if f["lost_to_contract"]:
            goals.append(f"no real bug lost to contract: NOT MET ({len(f['lost_to_contract'])})")
        else:
            goals.append("no real bug lost to contract: " + (f"not known ({unt['contract']} kind contract untriaged)"
                                                             if unt.get("contract") else "MET"))
    if cov:
        t = cov["total"]
        out.append(f"| branch coverage, {len(cov['methods'])} sampled methods | jvmfuzz {frac(t['jvmfuzz'], t['branches'])} "
                   f"vs Jazzer autofuzz {frac(t['jazzer'], t['branches'])} ({cov['seconds_per_method']} s per method) |")
        out += ["", "| method | branches | jvmfuzz | Jazzer | jvmfuzz runs | Jazzer execs |", "|---|---:|---:|---:|---:|---:|"]
        for r in cov["per_method"]:
            out.append(f"| `{r['method'].replace(L['pkg'] + '.', '')}` | {r['branches']} | {n(r['jvmfuzz'])} | {n(r['jazzer'])} "
                       f"| {n(r['jvmfuzz_runs'])} | {n(r['jazzer_execs'])} |")
        out.append(f"| total | {t['branches']} | {t['jvmfuzz']} | {t['jazzer']} | | |")
        notes = [f"sampled from {cov['candidates']} driver method names with a branch"]
        if cov["autofuzz_refused"]:
            notes.append("autofuzz refused (skipped): " + ", ".join(cov["autofuzz_refused"]))
        rp = cov.get("replay") or {}
        notes.append(f"jvmfuzz replay: {rp.get('replayed')} inputs, dropped {len(rp.get('dropped') or [])}; "
                     f"JaCoCo 'does not match' warnings {cov['jacoco_mismatch_warnings']}")
        out += [""] + [f"- {x}" for x in notes]
    if f:
        out += [""] + [f"- goal: {g}" for g in goals]
        for title, items in (("real bugs found", f["real_bugs"]), ("lost to contract", f["lost_to_contract"]),
                             ("untriaged (see --triage)", [f"[{u['kind']}] {u['key']}" for u in f["untriaged"]]),
                             ("ground-truth bugs not found by this run", f["truth_bugs_not_found"]),
                             ("ground-truth problems", f["ground_truth_problems"])):
            if items:
                out.append(f"- {title}:")
                out += [f"  - `{x}`" for x in items]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-t", type=int, default=600, help="seconds of the package run, and of Jazzer over all methods (600)")
    ap.add_argument("-m", type=int, default=10, help="methods sampled for the coverage comparison (10)")
    ap.add_argument("--lib", default="commons-text,commons-lang3")
    ap.add_argument("--only", default=",".join(PHASES))
    ap.add_argument("--reuse", action="store_true", help="start no process; recompute from out/")
    ap.add_argument("--triage", action="store_true", help="print the untriaged findings of the latest runs")
    a = ap.parse_args()
    phases = a.only.split(",")
    if set(phases) - set(PHASES):
        sys.exit(f"--only: phases are {', '.join(PHASES)}")
    all_libs = libs()
    names = a.lib.split(",")
    for name in names:
        if name not in all_libs:
            sys.exit(f"--lib: one of {', '.join(all_libs)}")
    if a.triage:
        for name in names:
            triage(name, all_libs[name])
        return
    tables = []
    for name in names:
        L = all_libs[name]
        select(name, L)
        rf = os.path.join(OUT, name, "result.json")
        try:
            R = json.load(open(rf))
        except (OSError, ValueError):
            R = {}
        R.update({"library": name, "version": L["version"], "package": L["pkg"], "classpath": os.environ["TARGET_CP"]})
        if "run" in phases:
            R["run"] = phase_run(name, L, a.t, a.reuse)
            if not a.reuse and "coverage" not in phases:
                R.pop("coverage", None)  # it measured the previous run
        if "coverage" in phases:
            R["coverage"] = phase_coverage(name, L, (R.get("run") or {}).get("seconds", a.t), a.m, a.reuse, R.get("coverage"))
        if "report" in phases:
            R["findings"] = phase_report(name, L)
        os.makedirs(os.path.dirname(rf), exist_ok=True)
        json.dump(R, open(rf, "w"), indent=1, default=str)
        t = table(name, L, R)
        open(os.path.join(OUT, name, "result.md"), "w").write(t + "\n")
        tables.append(t)
    print("\n\n".join(tables))


if __name__ == "__main__":
    main()
