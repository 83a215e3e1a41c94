#!/usr/bin/env python3
"""Issue 4 evaluation of generated drivers on commons-imaging (see README.md). Started by run.sh,
which exports FUZZ_BIN, JAVA, TARGET_CP, IMAGING_JAR, JAZZER_JAR, JAZZER_API, JACOCO_CLI,
JACOCO_AGENT, JAZZER_VERSION.

Phases (--only, comma-separated): static, package, methods.
  static   `fuzz drivers --package org.apache.commons.imaging`: counts from drivers.txt
  package  `fuzz --package ... --keep-going --max-total-time T`: stats.txt, findings, and JaCoCo
           branch coverage from replaying the final corpus (+ finding inputs) with `fuzz repro`
  methods  per public method name of org.apache.commons.imaging.Imaging: jvmfuzz --target
           (default typed values), jvmfuzz --target with -Djvmfuzz.typed=plain, and Jazzer
           --autofuzz, the three started side by side for the same seconds; JaCoCo coverage per
           run, measured the same way for both tools (final corpus + finding inputs replayed under
           JaCoCo's agent), merged per tool with `jacoco merge`. Jazzer's own --coverage_dump is
           reported beside it.
"""
import argparse
import collections
import csv
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.environ.get("DRIVERS_OUT") or os.path.join(HERE, "out")  # DRIVERS_OUT: another output directory
WORK = os.path.join(OUT, "work")
PKG = "org.apache.commons.imaging"
INCLUDES = "org.apache.commons.imaging.*"
FACADE = "org.apache.commons.imaging.Imaging"
# Every public method name of the Imaging facade (javap -public), sorted.
FACADE_METHODS = [
    "dumpImageFile", "getAllBufferedImages", "getBufferedImage", "getFormatCompliance",
    "getIccProfile", "getIccProfileBytes", "getImageInfo", "getImageSize", "getMetadata",
    "getXmpXml", "guessFormat", "hasImageFileExtension", "writeImage", "writeImageToBytes",
]
QUICK_METHODS = ["getBufferedImage", "getImageInfo", "getMetadata", "guessFormat"]
SEED_RULES = ("trivial", "abstract")  # the JDriver seed's scheduling rules


def env(k):
    v = os.environ.get(k)
    if not v:
        sys.exit(f"{k} not set: start through run.sh")
    return v


def log(msg):
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def run(cmd, cwd, logfile, limit=None, timing=True):
    """Runs cmd (under /usr/bin/time for CPU seconds and max RSS), output to logfile. Returns
    (rc, wall_s, cpu_s, rss_mb, output)."""
    tf = logfile + ".time"
    # No network at all for anything that runs the target (generated drivers call every public
    # method of a library, lookups and connections included): a namespace without interfaces.
    full = (["/usr/bin/time", "-f", "%U %S %M", "-o", tf] if timing else []) + ["unshare", "-n"] + cmd
    # Jazzer reads every JAZZER_<OPTION> variable as an option: pass none of ours.
    clean = {k: v for k, v in os.environ.items() if not k.startswith("JAZZER_")}
    t0 = time.monotonic()
    with open(logfile, "w") as f:
        f.write(" ".join(cmd) + "\n\n")
        f.flush()
        p = subprocess.Popen(full, cwd=cwd, env=clean, stdout=f, stderr=subprocess.STDOUT)
        try:
            rc = p.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            p.kill()
            rc = "killed"
            p.wait()
    wall = time.monotonic() - t0
    cpu = rss = None
    try:
        u, s, m = open(tf).read().split()[-3:]
        cpu, rss = float(u) + float(s), int(m) / 1024
    except (OSError, ValueError):
        pass
    with open(logfile, errors="replace") as f:
        out = f.read()
    if rc == "killed":
        with open(logfile, "a") as f:
            f.write(f"\n[evaluate.py: killed after {limit} s]\n")
    return rc, wall, cpu, rss, out


# ---------------------------------------------------------------- JaCoCo

def jacoco_branches(exec_file, name):
    """BRANCH covered/total over the commons-imaging jar, and how many 'does not match' warnings."""
    if not exec_file or not os.path.exists(exec_file):
        return None
    csv_f = os.path.join(WORK, "reports", name + ".csv")
    os.makedirs(os.path.dirname(csv_f), exist_ok=True)
    p = subprocess.run([env("JAVA"), "-jar", env("JACOCO_CLI"), "report", exec_file,
                        "--classfiles", env("IMAGING_JAR"), "--csv", csv_f],
                       capture_output=True, text=True)
    if p.returncode != 0:
        log(f"jacoco report {exec_file} failed: {p.stderr[-500:]}")
        return None
    mismatch = len(re.findall(r"does not match", p.stdout + p.stderr))
    cov = tot = 0
    with open(csv_f) as f:
        for row in csv.DictReader(f):
            c, m = int(row["BRANCH_COVERED"]), int(row["BRANCH_MISSED"])
            cov, tot = cov + c, tot + c + m
    return {"covered": cov, "total": tot, "pct": 100.0 * cov / tot if tot else 0.0, "mismatch": mismatch}


def jacoco_merge(execs, dest):
    execs = [e for e in execs if e and os.path.exists(e)]
    # `jacoco merge` appends to an existing destination file: without this, a re-run's union
    # silently included every earlier run's data (the unions published before 2026-11-22 00:40
    # were affected).
    if os.path.exists(dest):
        os.remove(dest)
    if not execs:
        return None
    subprocess.run([env("JAVA"), "-jar", env("JACOCO_CLI"), "merge", *execs, "--destfile", dest],
                   check=True, capture_output=True)
    return dest


def replay_jvmfuzz(run_dir, what, extra_args, name, chunk=300, timeout=30):
    """Replays corpus/* and findings/*/input of a jvmfuzz run with `fuzz repro` and the JaCoCo
    agent, in chunks. `fuzz repro` ends the process at the first timeout (without Java's exit, so
    no exec file is written): then the input that timed out (the one after the last reported) is
    dropped and the chunk is run again. Returns (merged exec, files replayed, files dropped)."""
    files = sorted(glob.glob(os.path.join(run_dir, "corpus", "*")))
    files = [f for f in files if os.path.isfile(f) and not os.path.basename(f).startswith(".")]
    pre_dropped = []
    for e, fid in jvmfuzz_findings(run_dir):  # inputs known to time out are not replayed
        inp = os.path.join(run_dir, "findings", fid, "input")
        (pre_dropped if e == "timeout" else files).append(inp)
    rdir = os.path.join(run_dir, "replay")
    shutil.rmtree(rdir, ignore_errors=True)
    os.makedirs(rdir)
    execs, dropped, n = [], list(pre_dropped), 0
    files += pre_dropped
    run_files = [f for f in files if f not in pre_dropped]
    todo = [run_files[i:i + chunk] for i in range(0, len(run_files), chunk)]
    while todo:
        part = todo.pop(0)
        if not part:
            continue
        n += 1
        ex = os.path.join(rdir, f"{n}.exec")
        cmd = [env("FUZZ_BIN"), "repro", "--cp", env("TARGET_CP"), *what, "--includes", INCLUDES,
               "--timeout", str(timeout), *extra_args,
               f"--jvm-arg=-javaagent:{env('JACOCO_AGENT')}=destfile={ex}", *part]
        rc, _, _, _, out = run(cmd, rdir, os.path.join(rdir, f"{n}.log"),
                               limit=timeout * 3 + 60 + 2 * len(part), timing=False)
        done = set(re.findall(r"^(?:ok|REPRODUCED) (.+?): ", out, re.M))
        if os.path.exists(ex) and all(f in done for f in part):
            execs.append(ex)
            continue
        if os.path.exists(ex):
            os.remove(ex)
        idx = max([i for i, f in enumerate(part) if f in done], default=-1) + 1
        if idx >= len(part):  # everything reported but no exec file: nothing to drop
            log(f"replay {name}: no exec file although all inputs ran (rc {rc}); see {rdir}/{n}.log")
            dropped += part
            continue
        why = "timeout" if "TIMEOUT:" in out else f"rc {rc}"
        dropped.append(part[idx])
        log(f"replay {name}: dropped {os.path.basename(part[idx])} ({why}), re-running its chunk")
        todo.insert(0, part[:idx] + part[idx + 1:])
    merged = jacoco_merge(execs, os.path.join(rdir, "merged.exec"))
    return merged, len(files) - len(dropped), dropped


# ---------------------------------------------------------------- parsing

def parse_drivers_txt(path):
    head, drivers, skipped = {}, [], []
    section = None
    for line in open(path):
        line = line.rstrip("\n")
        if line == "[drivers]":
            section = "d"
        elif line == "[skipped]":
            section = "s"
        elif not line:
            continue
        elif section is None:
            k, _, v = line.partition(": ")
            head[k] = int(v) if v.strip().isdigit() else v
        elif section == "d":
            drivers.append(line.split(" ", 1)[1])
        else:
            m = re.match(r"^(.*?\)\S*): (.*)$", line)
            skipped.append((m.group(1), m.group(2)) if m else (line, "?"))
    return head, drivers, skipped


def reason_key(r):
    for k in ("trivial", "abstract", "enum values()", "no public constructor"):
        if r.startswith(k):
            return k
    if r.startswith("cannot build"):
        return "cannot build a parameter"
    return r


def parse_stats(path):
    rows = []
    if not os.path.exists(path):
        return rows
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        parts = line.split()
        # "runs set-up-failures reached method", or with driver-defects and more columns
        # (time-ms slowest-ms stopped limit-ms left-running) before the method.
        runs, fails, reached = parts[:3]
        defects = parts[3] if len(parts) > 4 else "0"
        meth = parts[-1]
        rows.append({"runs": int(runs), "setup_failures": int(fails), "reached": int(reached),
                     "driver_defects": int(defects), "method": meth.strip()})
    return rows


def jvmfuzz_findings(run_dir):
    try:
        entries = json.load(open(os.path.join(run_dir, "findings", "summary.json")))
    except (OSError, ValueError):
        return []
    return [(e["exception"], e["id"]) for e in entries]


def jazzer_findings(out):
    """(exception, DEDUP_TOKEN) per finding Jazzer printed."""
    res = []
    for m in re.finditer(r"== Java Exception: ([\w.$]+).*?DEDUP_TOKEN: ([0-9a-f]+)", out, re.S):
        res.append((m.group(1), m.group(2)))
    return res


def jvmfuzz_execs(out):
    m = re.findall(r"done: (\d+) execs", out)
    return sum(int(x) for x in m) if m else None


def restarts(out):
    return len(re.findall(r"^jvmfuzz: .*(?:restart|Restart)", out, re.M))


# ---------------------------------------------------------------- phases

def phase_static(R):
    d = os.path.join(WORK, "static")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    cmd = [env("FUZZ_BIN"), "drivers", "--cp", env("TARGET_CP"), "--package", PKG, "--drivers-out", os.path.join(d, "jvmfuzz-drivers")]
    rc, wall, _, _, out = run(cmd, d, os.path.join(d, "log.txt"), limit=600)
    log(f"static: rc {rc}, {wall:.1f} s")
    head, drivers, skipped = parse_drivers_txt(os.path.join(d, "jvmfuzz-drivers", "drivers.txt"))
    reasons = collections.Counter(reason_key(r) for _, r in skipped)
    pub = head.get("public methods", 0)
    by_rule = sum(v for k, v in reasons.items() if k in SEED_RULES)
    enum = reasons.get("enum values()", 0)
    n_classes = len(set(re.sub(r"\.[^.(]+\(.*$", "", s) for s in drivers))
    R["static"] = {
        "command": " ".join(cmd), "rc": rc, "header": head, "driver_methods_listed": len(drivers),
        "classes_with_a_driver": n_classes, "skipped_by_reason": dict(reasons),
        "skipped_detail": {k: [s for s, r in skipped if reason_key(r) == k] for k in reasons if k not in SEED_RULES},
        "ratio_all": len(drivers) / pub if pub else None,
        "ratio_not_seed_rules": len(drivers) / (pub - by_rule) if pub - by_rule else None,
        "ratio_not_seed_rules_or_enum": len(drivers) / (pub - by_rule - enum) if pub - by_rule - enum else None,
    }


def phase_package(R, secs, reuse=False):
    d = os.path.join(WORK, "package")
    what = ["--package", PKG]
    cmd = [env("FUZZ_BIN"), "--cp", env("TARGET_CP"), *what, "--keep-going", "--max-total-time", str(secs),
           "--includes", INCLUDES, "--progress", "plain"]
    if reuse and os.path.exists(os.path.join(d, "run.json")):
        rc, wall, cpu, rss = json.load(open(os.path.join(d, "run.json")))
        out = open(os.path.join(d, "log.txt"), errors="replace").read()
        log(f"package: reusing the fuzzing run in {d}")
    else:
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        log(f"package: fuzzing {secs} s")
        rc, wall, cpu, rss, out = run(cmd, d, os.path.join(d, "log.txt"), limit=secs + 900)
        json.dump([rc, wall, cpu, rss], open(os.path.join(d, "run.json"), "w"))
        log(f"package: rc {rc}, wall {wall:.0f} s")
    stats = parse_stats(os.path.join(d, "jvmfuzz-drivers", "stats.txt"))
    head, drivers, _ = parse_drivers_txt(os.path.join(d, "jvmfuzz-drivers", "drivers.txt"))
    finds = jvmfuzz_findings(d)
    log(f"package: replaying the corpus with JaCoCo")
    merged, replayed, dropped = replay_jvmfuzz(d, what, [], "package")
    cov = jacoco_branches(merged, "package")
    stats_fuzz = stats
    stats, stats_pass = stats_pass_run(d, dropped)
    n = len(stats)
    R["package"] = {
        "command": " ".join(cmd), "rc": rc, "wall_s": wall, "cpu_s": cpu, "max_rss_mb": rss,
        "execs": jvmfuzz_execs(out), "client_processes": len(re.findall(r"done: \d+ execs", out)),
        "driver_methods": len(drivers), "stats_rows": n,
        "ran": sum(1 for s in stats if s["runs"] > 0),
        "reached": sum(1 for s in stats if s["reached"] > 0),
        "no_setup_failure_at_all": sum(1 for s in stats if s["runs"] > 0 and s["setup_failures"] == 0),
        "only_setup_failures": sum(1 for s in stats if s["runs"] > 0 and s["reached"] == 0),
        "never_ran": sum(1 for s in stats if s["runs"] == 0),
        "not_reached_methods": [s["method"] for s in stats if s["reached"] == 0],
        "findings": len(finds), "findings_by_exception": dict(collections.Counter(e for e, _ in finds)),
        "stats_from": "stats pass over the final corpus" if stats_pass.get("complete") else "INCOMPLETE stats pass",
        "stats_pass": stats_pass,
        "fuzz_run_stats_reached": sum(1 for s in stats_fuzz if s["reached"] > 0),
        "fuzz_run_stats_rows": len(stats_fuzz),
        "corpus_replayed": replayed, "replay_dropped": [os.path.relpath(x, d) for x in dropped],
        "branches": cov,
    }


def stats_pass_run(d, dropped, tries=4):
    """stats.txt of the fuzzing run only holds the counters of the last client process (a client
    that ends by a timeout writes none, and the restarted one starts from zero). So the final
    corpus (less the inputs the replay dropped as timeouts) is run once more as seeds with
    `--runs 1` in a fresh directory, and that process's stats.txt is used. If that pass hits a
    timeout too, the seed that timed out is removed and the pass is run again."""
    sp = os.path.join(d, "statspass")
    drop = set(os.path.abspath(x) for x in dropped)
    files = [f for f in sorted(glob.glob(os.path.join(d, "corpus", "*"))) if os.path.isfile(f) and os.path.abspath(f) not in drop]
    removed = []
    for attempt in range(tries):
        shutil.rmtree(sp, ignore_errors=True)
        os.makedirs(os.path.join(sp, "corpus"))
        for f in files:
            shutil.copy(f, os.path.join(sp, "corpus"))
        cmd = [env("FUZZ_BIN"), "--cp", env("TARGET_CP"), "--package", PKG, "--keep-going", "--runs", "1", "--timeout", "30",
               "--includes", INCLUDES, "--progress", "plain"]
        rc, wall, _, _, out = run(cmd, sp, os.path.join(sp, "log.txt"), limit=1800)
        t = re.findall(r"^jvmfuzz: TIMEOUT ([0-9a-f]+)", out, re.M)
        info = {"seeds": len(files), "rc": rc, "wall_s": wall, "timeouts": len(t), "removed_after_timeout": removed,
                "execs": jvmfuzz_execs(out), "command": " ".join(cmd)}
        if not t:
            info["complete"] = True
            return parse_stats(os.path.join(sp, "jvmfuzz-drivers", "stats.txt")), info
        bad = set()
        for fid in t:
            try:
                bad.add(open(os.path.join(sp, "findings", fid, "input"), "rb").read())
            except OSError:
                pass
        before = len(files)
        keep = []
        for f in files:
            if open(f, "rb").read() in bad:
                removed.append(os.path.basename(f))
            else:
                keep.append(f)
        files = keep
        log(f"stats pass: {len(t)} timeout(s), removed {before - len(files)} seed(s), again")
        if before == len(files):
            break
    info["complete"] = False
    return parse_stats(os.path.join(sp, "jvmfuzz-drivers", "stats.txt")), info


def jazzer_run(method, secs, d):
    """One Jazzer autofuzz run, then its coverage measured as jvmfuzz's is: the final corpus and
    the finding inputs (crash-*, not timeouts) replayed once with `-runs=0` under JaCoCo's own
    agent. Jazzer's `--coverage_dump` (written by Jazzer from its own coverage map) is kept as a
    second figure: on this target it reports far more than the replay measures, including
    branches of classes the method never reaches (see README.md). method: a method name of FACADE,
    or Class::method (package_bench.py); Jazzer instruments PKG.**."""
    os.makedirs(os.path.join(d, "corpus"), exist_ok=True)
    dump = os.path.join(d, "jazzer.exec")
    target = method if "::" in method else f"{FACADE}::{method}"
    jazzer_main = ["com.code_intelligence.jazzer.Jazzer", "--cp=" + env("TARGET_CP"), f"--autofuzz={target}",
                   f"--instrumentation_includes={PKG}.**", "--keep_going=1000000", "-timeout=10"]
    cp = ["-cp", env("TARGET_CP") + ":" + env("JAZZER_JAR") + ":" + env("JAZZER_API")]
    cmd = [env("JAVA"), *cp, *jazzer_main, f"--coverage_dump={dump}", f"-max_total_time={secs}", "corpus"]
    rc, wall, cpu, rss, out = run(cmd, d, os.path.join(d, "log.txt"), limit=secs + 180)
    r = {"rc": rc, "wall_s": wall, "cpu_s": cpu, "max_rss_mb": rss}
    done = re.search(r"Done (\d+) runs in (\d+) second", out)
    r["execs"] = int(done.group(1)) if done else None
    r["findings"] = jazzer_findings(out)
    r["dump_exec"] = dump if os.path.exists(dump) else None
    # The replay: corpus + crash inputs, JaCoCo's agent (its transformer is registered before
    # Jazzer's, so it instruments the original class bytes: class ids match the jar's).
    crashes = os.path.join(d, "replay-crashes")
    shutil.rmtree(crashes, ignore_errors=True)
    os.makedirs(crashes)
    for f in glob.glob(os.path.join(d, "crash-*")):
        shutil.copy(f, crashes)
    ex = os.path.join(d, "replay.exec")
    if os.path.exists(ex):
        os.remove(ex)
    agent = f"-javaagent:{env('JACOCO_AGENT')}=destfile={ex},includes={INCLUDES}"
    run([env("JAVA"), agent, *cp, *jazzer_main, "-runs=0", "corpus", crashes], d, os.path.join(d, "replay.log"),
        limit=900, timing=False)
    r["exec"] = ex if os.path.exists(ex) else None
    r["coverage_from"] = "corpus + crash inputs replayed under JaCoCo's agent" if r["exec"] else "none (replay wrote no exec file)"
    return r


def jvmfuzz_run(method, secs, d, extra):
    what = ["--target", f"{FACADE}::{method}"]
    cmd = [env("FUZZ_BIN"), "--cp", env("TARGET_CP"), *what, "--keep-going", "--max-total-time", str(secs),
           "--includes", INCLUDES, "--progress", "plain", *extra]
    rc, wall, cpu, rss, out = run(cmd, d, os.path.join(d, "log.txt"), limit=secs + 300)
    r = {"rc": rc, "wall_s": wall, "cpu_s": cpu, "max_rss_mb": rss, "execs": jvmfuzz_execs(out),
         "findings": jvmfuzz_findings(d), "stats": parse_stats(os.path.join(d, "jvmfuzz-drivers", "stats.txt"))}
    r["_what"], r["_extra"] = what, extra
    return r


VARIANTS = {
    "jvmfuzz": lambda m, s, d: jvmfuzz_run(m, s, d, []),
    "jvmfuzz-plain": lambda m, s, d: jvmfuzz_run(m, s, d, ["--jvm-arg=-Djvmfuzz.typed=plain"]),
    "jazzer": jazzer_run,
}


def phase_methods(R, methods, secs, key="methods", variants=None):
    variants = {v: VARIANTS[v] for v in (variants or VARIANTS)}
    R[key] = {"seconds_per_method": secs, "methods": methods, "per_method": {}, "tools": {}}
    per = R[key]["per_method"]
    for i, m in enumerate(methods):
        log(f"{key}: {i + 1}/{len(methods)} {m}: {', '.join(variants)} side by side, {secs} s each")
        res, threads = {}, []
        for v, f in variants.items():
            d = os.path.join(WORK, key, v, m)
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(d)
            t = threading.Thread(target=lambda v=v, f=f, d=d: res.__setitem__(v, f(m, secs, d)))
            t.start()
            threads.append(t)
        for t in threads:
            t.join()
        per[m] = res
    # coverage: replay each jvmfuzz run, report each run, merge per tool
    for v in variants:
        execs = []
        for m in methods:
            r = per[m][v]
            d = os.path.join(WORK, key, v, m)
            if v.startswith("jvmfuzz"):
                merged, replayed, dropped = replay_jvmfuzz(d, r.pop("_what"), r.pop("_extra"), f"{v}/{m}")
                r["exec"], r["corpus_replayed"], r["replay_dropped"] = merged, replayed, [os.path.relpath(x, d) for x in dropped]
            r["branches"] = jacoco_branches(r.get("exec"), f"{v}-{m}")
            if r.get("dump_exec"):
                r["branches_dump"] = jacoco_branches(r["dump_exec"], f"{v}-{m}-dump")
            execs.append(r.get("exec"))
        dest = os.path.join(WORK, key, f"{v}-merged.exec")
        merged = jacoco_merge(execs, dest)
        finds = set()
        for m in methods:
            finds |= set(per[m][v]["findings"])
        dumps = [per[m][v].get("dump_exec") for m in methods]
        if any(dumps):
            R[key]["tools"].setdefault("_dump", {})[v] = jacoco_branches(
                jacoco_merge(dumps, os.path.join(WORK, key, f"{v}-dump-merged.exec")), f"{v}-dump-merged")
        R[key]["tools"][v] = {
            "branches": jacoco_branches(merged, f"{v}-merged"),
            "findings_distinct": len(set(i for _, i in finds)),
            "findings_by_exception": dict(collections.Counter(e for e, _ in finds)),
            "execs": sum(per[m][v].get("execs") or 0 for m in methods),
            "cpu_s": sum(per[m][v].get("cpu_s") or 0 for m in methods),
        }


# ---------------------------------------------------------------- table

def pct(a, b):
    return f"{100.0 * a / b:.1f}%" if b else "-"


def br(c):
    return f"{c['covered']}/{c['total']} ({c['pct']:.1f}%)" if c else "-"


def table(R):
    L = []
    load = R.get("loadavg", {})
    L.append(f"jvmfuzz generated drivers on commons-imaging 1.0.0-alpha6 (+ commons-io 2.19.0, commons-lang3 3.17.0); "
             f"Jazzer {os.environ.get('JAZZER_VERSION')}; JaCoCo 0.8.14; {os.cpu_count()} cores")
    goals = []
    if "static" in R:
        s = R["static"]
        h = s["header"]
        L.append("")
        L.append("1. Static (fuzz drivers --package org.apache.commons.imaging)")
        L.append(f"   public methods {h.get('public methods')} in {h.get('classes')} classes; driver methods {s['driver_methods_listed']}, "
                 f"driver classes {h.get('driver classes')}, instance helpers {h.get('instance helpers')}; skipped {h.get('skipped')}")
        for k, v in sorted(s["skipped_by_reason"].items(), key=lambda kv: -kv[1]):
            L.append(f"     skipped: {v:4d} {k}")
        pub = h.get("public methods", 0)
        rule = sum(v for k, v in s["skipped_by_reason"].items() if k in SEED_RULES)
        enum = s["skipped_by_reason"].get("enum values()", 0)
        L.append(f"   drivers / public methods: {s['driver_methods_listed']}/{pub} = {pct(s['driver_methods_listed'], pub)}")
        L.append(f"   drivers / public methods not skipped by the seed's rules (trivial, abstract): "
                 f"{s['driver_methods_listed']}/{pub - rule} = {pct(s['driver_methods_listed'], pub - rule)}")
        L.append(f"   ... and not compiler-generated enum values()/valueOf: "
                 f"{s['driver_methods_listed']}/{pub - rule - enum} = {pct(s['driver_methods_listed'], pub - rule - enum)}")
        L.append(f"   JDriver seed on commons-imaging (version not stated): 99 driver classes / 422 driver methods")
        ok = s["ratio_not_seed_rules"] is not None and s["ratio_not_seed_rules"] >= 0.95
        goals.append(f"drivers for >= 95% of public methods: {'MET' if ok else 'NOT MET'} over the methods the seed's rules keep "
                     f"({pct(s['driver_methods_listed'], pub - rule)}); over all public methods {pct(s['driver_methods_listed'], pub)}"
                     f"; excluding enum values()/valueOf too {pct(s['driver_methods_listed'], pub - rule - enum)}")
    if "package" in R:
        p = R["package"]
        L.append("")
        L.append(f"2. jvmfuzz --package, {R['package_seconds']} s, --keep-going" + (f"; load {p['load']}" if p.get("load") else ""))
        L.append(f"   execs {p['execs']}, client processes {p['client_processes']}, wall {p['wall_s']:.0f} s (incl. start-up)")
        n = p["stats_rows"]
        sp = p.get("stats_pass", {})
        L.append(f"   stats.txt of the fuzzing run: reached {p.get('fuzz_run_stats_reached')}/{p.get('fuzz_run_stats_rows')} "
                 f"(only the last client process's counters: see README); used instead: {p.get('stats_from')} "
                 f"({sp.get('seeds')} seeds, {sp.get('execs')} execs, timeouts {sp.get('timeouts')}, seeds removed {len(sp.get('removed_after_timeout', []))})")
        L.append(f"   stats.txt rows {n} (driver methods {p['driver_methods']}): ran {p['ran']}, reached the method at least once "
                 f"{p['reached']} = {pct(p['reached'], n)}, no set-up failure at all {p['no_setup_failure_at_all']}, "
                 f"only set-up failures {p['only_setup_failures']}, never ran {p['never_ran']}")
        L.append(f"   distinct findings {p['findings']}: " + ", ".join(f"{k} {v}" for k, v in sorted(p["findings_by_exception"].items(), key=lambda kv: -kv[1])))
        L.append(f"   BRANCH coverage of commons-imaging (JaCoCo, corpus + finding inputs replayed: {p['corpus_replayed']}, "
                 f"dropped {len(p['replay_dropped'])}): {br(p['branches'])}")
        ok = n and p["reached"] / n >= 0.90
        goals.append(f">= 90% of driver methods run without set-up failure (reach the method): {'MET' if ok else 'NOT MET'} "
                     f"({pct(p['reached'], n)})")
    for key in ("methods", "ablation"):
      if key in R:
        M = R[key]
        vs = [v for v in M["tools"] if not v.startswith("_")]
        dump_union = M["tools"].get("_dump", {})
        ms = M["methods"]
        L.append("")
        L.append(("3./4." if key == "methods" else "4. (second run, typed values only)") + f" Per method name of {FACADE} ({len(ms)} names, {M['seconds_per_method']} s each per tool, "
                 f"{len(ms) * M['seconds_per_method']} s per tool; the {len(vs)} variants of one method run side by side)")
        hdr = f"   {'method':24} " + " ".join(f"{v:>30}" for v in vs)
        if M.get("load"):
            L.append(f"   load {M['load']}")
        L.append(hdr + "   (JaCoCo branches covered: corpus + findings replayed under JaCoCo's agent, both tools;")
        L.append(" " * len(hdr) + "    '(dump N)': what Jazzer's own --coverage_dump reports for the same run)")
        for m in ms:
            cells = []
            for v in vs:
                r = M["per_method"][m][v]
                c = r.get("branches")
                cell = f"{(c['covered'] if c else '-')}"
                if r.get("branches_dump"):
                    cell += f" (dump {r['branches_dump']['covered']})"
                cells.append(f"{cell:>16} {('execs ' + str(r.get('execs'))) if r.get('execs') is not None else '':>13}")
            L.append(f"   {m:24} " + " ".join(cells))
        for v in vs:
            t = M["tools"][v]
            L.append(f"   {v:14} union: BRANCH {br(t['branches'])}; execs {t['execs']}; "
                     f"distinct findings {t['findings_distinct']}: " + ", ".join(f"{k} {c}" for k, c in sorted(t["findings_by_exception"].items(), key=lambda kv: -kv[1])))
        for v, c in dump_union.items():
            if c:
                L.append(f"   {v:14} union by its own --coverage_dump: BRANCH {br(c)} (not comparable: see README.md)")
        a, b, c = (M["tools"].get(v, {}).get("branches") for v in ("jvmfuzz", "jazzer", "jvmfuzz-plain"))
        if a and c:
            wins = [sum(1 for m in ms if ((M["per_method"][m][x].get("branches") or {}).get("covered", -1) >
                                           (M["per_method"][m][y].get("branches") or {}).get("covered", -1))) for x, y in
                    (("jvmfuzz", "jvmfuzz-plain"), ("jvmfuzz-plain", "jvmfuzz"))]
            goals.append(f"typed values ({key}, {M['seconds_per_method']} s/method): default {a['covered']} vs typed=plain {c['covered']} "
                         f"branches (union); per method default higher {wins[0]}, plain higher {wins[1]}, equal {len(ms) - sum(wins)}")
        if a and b:
            ok = a["covered"] > b["covered"]
            goals.append(f"more branch coverage than autofuzz (same {len(ms)} methods, same seconds, both measured by replay under "
                         f"JaCoCo's agent): {'MET' if ok else 'NOT MET'} (jvmfuzz {a['covered']} vs Jazzer {b['covered']} of {a['total']})")
            jd = dump_union.get("jazzer")
            if jd:
                goals.append(f"   Jazzer's own --coverage_dump claims {jd['covered']} for the same runs")
            if "package" in R and R["package"].get("branches"):
                goals.append(f"   also: jvmfuzz --package ({R['package_seconds']} s) {R['package']['branches']['covered']} branches "
                             f"vs Jazzer on the facade ({len(ms) * M['seconds_per_method']} s) {b['covered']}")
        mism = sum((r.get("branches") or {}).get("mismatch", 0) for m in ms for r in M["per_method"][m].values())
        L.append(f"   JaCoCo 'does not match' warnings over all per-run reports: {mism}")
    L.append("")
    L.append("Goals (issue 4):")
    L += ["   " + g for g in goals]
    return "\n".join(L)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", default="static,package,methods,ablation")
    ap.add_argument("--ablation-total", type=int, help="seconds per variant over all methods in the ablation phase (default 280, quick 40)")
    ap.add_argument("--package-time", type=int)
    ap.add_argument("--method-total", type=int, help="seconds per tool over all methods (default 600, quick 40)")
    ap.add_argument("--reuse-package", action="store_true",
                    help="keep the package fuzzing run in out/work/package, redo only its replay and stats pass")
    ap.add_argument("--methods", help="comma-separated Imaging method names")
    a = ap.parse_args()
    phases = a.only.split(",")
    pkg_secs = a.package_time or (60 if a.quick else 600)
    methods = a.methods.split(",") if a.methods else (QUICK_METHODS if a.quick else FACADE_METHODS)
    total = a.method_total or (40 if a.quick else 600)
    secs = max(1, total // len(methods))
    os.makedirs(WORK, exist_ok=True)
    prev = {}
    if set(phases) != {"static", "package", "methods", "ablation"}:  # a partial run updates the saved results
        try:
            prev = json.load(open(os.path.join(OUT, "results.json")))
        except (OSError, ValueError):
            pass
    R = {"loadavg": {"start": " ".join(open("/proc/loadavg").read().split()[:3])}, "package_seconds": pkg_secs,
         "fuzz_bin": env("FUZZ_BIN"), "started": time.strftime("%Y-%m-%d %H:%M:%S")}
    def load():
        return " ".join(open("/proc/loadavg").read().split()[:3])
    runs = {
        "static": lambda: phase_static(R),
        "package": lambda: phase_package(R, pkg_secs, a.reuse_package),
        "methods": lambda: phase_methods(R, methods, secs),
        "ablation": lambda: phase_methods(R, methods, max(1, (a.ablation_total or (40 if a.quick else 280)) // len(methods)),
                                          "ablation", ["jvmfuzz", "jvmfuzz-plain"]),
    }
    for k, f in runs.items():
        if k in phases:
            l0, t0 = load(), time.strftime("%H:%M:%S")
            f()
            R[k]["load"] = f"{l0} at start ({t0}), {load()} at end ({time.strftime('%H:%M:%S')})"
    R["loadavg"]["end"] = " ".join(open("/proc/loadavg").read().split()[:3])
    for k in ("static", "package", "methods", "ablation"):
        if k not in R and k in prev:
            R[k] = prev[k]
            if k == "package":
                R["package_seconds"] = prev.get("package_seconds")
    if set(phases) != {"static", "package", "methods", "ablation"}:  # re-read: a concurrent partial run may have saved its phases meanwhile
        try:
            now = json.load(open(os.path.join(OUT, "results.json")))
            for k in ("static", "package", "methods", "ablation"):
                if k not in phases and k in now:
                    R[k] = now[k]
                    if k == "package":
                        R["package_seconds"] = now.get("package_seconds")
        except (OSError, ValueError):
            pass
    txt = table(R)
    print(txt)
    with open(os.path.join(OUT, "results.txt"), "w") as f:
        f.write(txt + "\n")
    with open(os.path.join(OUT, "results.json"), "w") as f:
        json.dump(R, f, indent=1, default=str)


if __name__ == "__main__":
    main()
