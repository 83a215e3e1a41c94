#!/usr/bin/env python3
"""Grammar-mode benchmark (see README.md). Started by run.sh, which exports FUZZ_BIN, JAVA,
HARNESS_CLASSES, RHINO_JAR, H2_JAR, GSON_JAR, CSV_JAR, CSV_DEPS, JAZZER_JAR, JAZZER_API,
JACOCO_CLI, JACOCO_AGENT, JAZZER_VERSION.

Per target and seed, the modes run two at a time (the machine has 2 cores), each pair side by
side for the same --time; which modes share a slot rotates with the seed (the three ways of
pairing four modes), so no mode always competes with the same neighbour. Every run starts with
an empty corpus in its own folder (out/work/TARGET/MODE/seedN), with no network (`unshare -n`).
Then every run's final corpus and finding inputs are replayed by grammarbench.Replay (the
harness alone, no fuzzer) under JaCoCo's agent, and `jacoco report` counts the branches of the
library's classes: the same measurement for jvmfuzz's and Jazzer's corpora.
"""
import argparse
import csv
import glob
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "out")
WORK = os.path.join(OUT, "work")
GRAMMARS = os.path.join(HERE, "grammars")

TIMEOUT_S = 10  # per-input timeout, every tool and the replay
RSS_MB = 2560  # RSS limit, both tools
XMX = "-Xmx1g"  # same Java heap for every run and the replay
GRACE_S = 120  # kill a run this long after --time (start-up, final writes)


def env(k):
    v = os.environ.get(k)
    if not v:
        sys.exit(f"evaluate.py: ${k} not set (start through run.sh)")
    return v


# name: harness, class path (the library and its runtime dependencies), the library jar whose
# branches are counted, the JaCoCo agent's includes (the library's packages), grammar, start rule.
def targets():
    return {
        "rhino": {"harness": "grammarbench.RhinoFuzzer", "cp": [env("RHINO_JAR")], "lib": env("RHINO_JAR"),
                  "includes": "org.mozilla.*", "grammar": "JavaScript.g4", "start": "program",
                  "label": "Rhino 1.7.15 Parser.parse"},
        "h2": {"harness": "grammarbench.H2SqlFuzzer", "cp": [env("H2_JAR")], "lib": env("H2_JAR"),
               "includes": "org.h2.*", "grammar": "H2Sql.g4", "start": "sql",
               "label": "H2 2.2.224 prepareStatement"},
        "gson": {"harness": "grammarbench.GsonFuzzer", "cp": [env("GSON_JAR")], "lib": env("GSON_JAR"),
                 "includes": "com.google.gson.*", "grammar": "Json.g4", "start": "json",
                 "label": "Gson 2.11.0 JsonParser.parseString"},
        "csv": {"harness": "grammarbench.CsvFuzzer", "cp": [env("CSV_JAR")] + env("CSV_DEPS").split(":"),
                "lib": env("CSV_JAR"), "includes": "org.apache.commons.csv.*", "grammar": "Csv.g4",
                "start": "csvFile", "label": "commons-csv 1.14.1 CSVParser"},
    }


MODES = ["grammar", "grammar-kpath", "byte", "jazzer"]
MODE_LABEL = {
    "grammar": "jvmfuzz --grammar",
    "grammar-kpath": "jvmfuzz --grammar --kpath-feedback",
    "byte": "jvmfuzz (bytes)",
    "jazzer": "Jazzer",
}
# The three ways to split four modes into two pairs; seed i uses PAIRINGS[i % 3].
PAIRINGS = [
    [("grammar", "byte"), ("grammar-kpath", "jazzer")],
    [("grammar", "jazzer"), ("grammar-kpath", "byte")],
    [("grammar", "grammar-kpath"), ("byte", "jazzer")],
]


def log(msg):
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def loadavg():
    return " ".join(open("/proc/loadavg").read().split()[:3])


_UNSHARE = None


def no_network():
    """`unshare -n` when it works here (it needs CAP_SYS_ADMIN or user namespaces)."""
    global _UNSHARE
    if _UNSHARE is None:
        u = shutil.which("unshare")
        ok = bool(u) and subprocess.run([u, "-n", "true"], capture_output=True).returncode == 0
        _UNSHARE = [u, "-n"] if ok else []
        if not ok:
            log("unshare -n does not work here: runs keep the network")
    return _UNSHARE


# ---------------------------------------------------------------- one fuzzing run

START = {
    "jvmfuzz": re.compile(r"^jvmfuzz: \[.*executions: \d+"),
    "jazzer": re.compile(r"^#\d+\s+INITED"),
}
EXECS = {
    "jvmfuzz": re.compile(r"executions: (\d+)"),
    "jazzer": re.compile(r"^#(\d+)\s"),
}


def run_cmd(cmd, cwd, logfile, limit, tool):
    """Runs cmd under /usr/bin/time (CPU seconds), stdout and stderr merged into logfile with the
    second each line arrived. Returns rc, wall, the time of the first fuzzing line, last execs
    seen, CPU seconds and the output."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("JAZZER_")}  # Jazzer reads JAZZER_* as options
    tf = logfile + ".time"
    full = ["/usr/bin/time", "-f", "%U %S %M", "-o", tf] + cmd
    t0 = time.monotonic()
    p = subprocess.Popen(full, cwd=cwd, env=clean, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
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
    r = {"t_start": None, "execs_seen": None}
    lines = []
    for line in p.stdout:
        t = time.monotonic() - t0
        lines.append(f"[{t:8.3f}] {line}")
        if r["t_start"] is None and START[tool].search(line):
            r["t_start"] = t
        m = EXECS[tool].search(line)
        if m:
            r["execs_seen"] = int(m.group(1))
    rc = p.wait()
    timer.cancel()
    r["wall"] = time.monotonic() - t0
    r["rc"] = "killed" if killed else rc
    r["cpu"] = r["rss_mb"] = None
    try:
        u, s, m = open(tf).read().split()[-3:]
        r["cpu"], r["rss_mb"] = float(u) + float(s), int(m) // 1024
    except (OSError, ValueError):
        pass
    out = "".join(lines)
    with open(logfile, "w") as f:
        f.write(" ".join(cmd) + "\n\n" + out)
        if killed:
            f.write(f"\n[evaluate.py: killed after {limit} s]\n")
    return r, out


def fuzz_cmd(t, mode, secs, seed):
    cp = ":".join([env("HARNESS_CLASSES")] + t["cp"])
    if mode == "jazzer":
        return [env("JAVA"), XMX, "-cp", cp + ":" + env("JAZZER_JAR") + ":" + env("JAZZER_API"),
                "com.code_intelligence.jazzer.Jazzer", f"--target_class={t['harness']}", f"-seed={seed}",
                f"-max_total_time={secs}", f"-timeout={TIMEOUT_S}", f"-rss_limit_mb={RSS_MB}",
                "--keep_going=1000000", f"--disabled_hooks={JAZZER_DETECTORS}", "-print_final_stats=1", "corpus"]
    cmd = [env("FUZZ_BIN"), "--cp", cp, "--harness", t["harness"], "--max-total-time", str(secs),
           "--seed", str(seed), "--progress", "plain", "--keep-going", "--timeout", str(TIMEOUT_S),
           "--rss-limit-mb", str(RSS_MB), f"--jvm-arg={XMX}", "--detectors", "none",
           "--corpus", "corpus", "--findings", "findings"]
    if mode.startswith("grammar"):
        cmd += ["--grammar", os.path.join(GRAMMARS, t["grammar"]), "--grammar-start", t["start"]]
    if mode == "grammar-kpath":
        cmd += ["--kpath-feedback"]
    return cmd


# Jazzer's bug detectors, off as jvmfuzz's are (`--detectors none`): these targets are parsers,
# and SqlInjection would call every unparsable SQL string an injection. Its guidance hooks
# (RegexRoadblocks, XmlParserSsrfGuidance) stay.
JAZZER_DETECTORS = ":".join("com.code_intelligence.jazzer.sanitizers." + c for c in [
    "Deserialization", "ExpressionLanguageInjection", "FilePathTraversal", "LdapInjection",
    "NamingContextLookup", "OsCommandInjection", "ReflectiveCall", "RegexInjection",
    "ScriptEngineInjection", "ServerSideRequestForgery", "SqlInjection", "XPathInjection",
    "TemplateInjection", "UnsafeSanitizer", "BigDecimal", "ClojureLangHooks"])


def fuzz_run(name, t, mode, secs, seed):
    d = os.path.join(WORK, name, mode, f"seed{seed}")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(os.path.join(d, "corpus"))
    tool = "jazzer" if mode == "jazzer" else "jvmfuzz"
    cmd = no_network() + fuzz_cmd(t, mode, secs, seed)
    load0 = loadavg()
    tr, out = run_cmd(cmd, d, os.path.join(d, "log.txt"), secs + GRACE_S, tool)
    r = {"target": name, "mode": mode, "seed": seed, "rc": tr["rc"], "wall_s": round(tr["wall"], 1),
         "startup_s": None if tr["t_start"] is None else round(tr["t_start"], 1), "cpu_s": tr["cpu"],
         "max_rss_mb": tr["rss_mb"], "load_start": load0, "load_end": loadavg(), "command": " ".join(cmd)}
    if tool == "jvmfuzz":
        done = re.findall(r"done: (\d+) execs", out)
        r["client_processes"] = len(done)
        r["execs"] = sum(int(x) for x in done) if done else tr["execs_seen"]
        finds = []
        try:
            finds = json.load(open(os.path.join(d, "findings", "summary.json")))
        except (OSError, ValueError):
            pass
        r["findings"] = [{"exception": f.get("exception"), "top_frame": f.get("top_frame"),
                          "message": (f.get("message") or "")[:160], "id": f.get("id")} for f in finds]
        if mode.startswith("grammar"):
            r["grammar_summary"] = (re.findall(r"^\[[ \d.]+\] (jvmfuzz: grammar: k-paths.*)$", out, re.M) or [None])[-1]
            r["grammar_loaded"] = (re.findall(r"^\[[ \d.]+\] (jvmfuzz: grammar: \d+ rules.*)$", out, re.M) or [None])[0]
            m = re.findall(r"(\d+) inputs derived", out)
            r["derived"] = sum(int(x) for x in m) if m else None
            try:
                gc = json.load(open(os.path.join(d, "findings", "grammar-coverage.json")))
                r["kpaths"] = {k: {"covered": v["covered"], "possible": v["possible"]} for k, v in gc["kpaths"].items()}
            except (OSError, ValueError, KeyError):
                r["kpaths"] = None
        r["errors"] = sorted(set(re.findall(r"^\[[ \d.]+\] ((?:.*panicked.*|jvmfuzz: .*(?:error|cannot|could not).*))$", out, re.M)))[:10]
    else:
        r["execs"] = jazzer_execs(out) or tr["execs_seen"]
        r["client_processes"] = 1
        finds = {}
        for m in re.finditer(r"== Java Exception: ([\w.$]+)(?::[^\n]*)?\n(.*?)DEDUP_TOKEN: ([0-9a-f]+)", out, re.S):
            top = re.search(r"^\[[ \d.]+\]\s+at ((?!com\.code_intelligence)\S+)", m.group(2), re.M)
            finds.setdefault(m.group(3), {"exception": m.group(1), "top_frame": top.group(1) if top else None,
                                          "id": m.group(3)})
        for m in re.finditer(r"ERROR: libFuzzer: ([\w-]+)", out):
            finds.setdefault("libfuzzer-" + m.group(1), {"exception": "libFuzzer " + m.group(1), "id": m.group(1)})
        r["findings"] = list(finds.values())
        r["errors"] = []
    r["corpus_size"] = len(corpus_files(os.path.join(d, "corpus")))
    # exec/s as bugs/ measures it for both tools: executions over the seconds from the first
    # fuzzing line to the end of the run (start-up excluded).
    if r["execs"] and tr["t_start"] is not None and tr["wall"] - tr["t_start"] >= 1.0:
        r["exec_s"] = round(r["execs"] / (tr["wall"] - tr["t_start"]), 1)
    else:
        r["exec_s"] = None
    json.dump(r, open(os.path.join(d, "run.json"), "w"), indent=1)
    log(f"{name} {mode} seed {seed}: rc {r['rc']}, {r['execs']} execs ({r['exec_s']}/s), corpus {r['corpus_size']}, "
        f"findings {len(r['findings'])}" + (f", k-paths {r['kpaths']['3']['covered']}/{r['kpaths']['3']['possible']}"
                                             if r.get("kpaths") and "3" in r["kpaths"] else ""))
    return r


def jazzer_execs(out):
    """Jazzer's executions: its last final-stats line (with --keep_going it prints the stats at
    every finding too, each with the count so far)."""
    m = re.findall(r"stat::number_of_executed_units: (\d+)", out)
    return int(m[-1]) if m else None


def corpus_files(d):
    return [f for f in sorted(glob.glob(os.path.join(d, "*"))) if os.path.isfile(f) and not os.path.basename(f).startswith(".")]


# ---------------------------------------------------------------- coverage

def classfiles(name, t):
    """The library's classes as the running JVM loads them: the jar's classes with its
    META-INF/versions/N overlays up to this Java version (JaCoCo refuses a multi-release jar's
    two copies of one class), module-info left out."""
    dest = os.path.join(OUT, "build", "classfiles", name)
    if os.path.isdir(dest):
        return dest
    log(f"{name}: extracting the classes of {t['lib']}")
    feature = int(re.search(r'version "(\d+)', subprocess.run([env("JAVA"), "-version"], capture_output=True,
                                                              text=True).stderr).group(1))
    tmp = dest + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    with zipfile.ZipFile(t["lib"]) as z:
        layers = {0: []}
        for n in z.namelist():
            if not n.endswith(".class") or n.endswith("module-info.class"):
                continue
            m = re.match(r"META-INF/versions/(\d+)/(.*)", n)
            if m:
                if int(m.group(1)) <= feature:
                    layers.setdefault(int(m.group(1)), []).append((n, m.group(2)))
            elif not n.startswith("META-INF/"):
                layers[0].append((n, n))
        for v in sorted(layers):
            for src, rel in layers[v]:
                p = os.path.join(tmp, rel)
                os.makedirs(os.path.dirname(p), exist_ok=True)
                with open(p, "wb") as f:
                    f.write(z.read(src))
    os.rename(tmp, dest)
    return dest


def replay(name, t, mode, seed):
    """Replays corpus + finding inputs (not timeouts or out-of-memory ones) of one run under
    JaCoCo's agent. Returns the exec file and the replayer's counts."""
    d = os.path.join(WORK, name, mode, f"seed{seed}")
    extra = os.path.join(d, "replay-findings")
    shutil.rmtree(extra, ignore_errors=True)
    os.makedirs(extra)
    if mode == "jazzer":
        for f in glob.glob(os.path.join(d, "crash-*")):
            shutil.copy(f, extra)
    else:
        try:
            for e in json.load(open(os.path.join(d, "findings", "summary.json"))):
                inp = os.path.join(d, e.get("input") or os.path.join("findings", e["id"], "input"))
                if e.get("exception") not in ("timeout", "out-of-memory") and os.path.isfile(inp):
                    shutil.copy(inp, os.path.join(extra, e["id"]))
        except (OSError, ValueError):
            pass
    ex = os.path.join(d, "replay.exec")
    if os.path.exists(ex):
        os.remove(ex)
    cp = ":".join([env("HARNESS_CLASSES")] + t["cp"])
    cmd = [env("JAVA"), XMX, f"-javaagent:{env('JACOCO_AGENT')}=destfile={ex},includes={t['includes']}",
           "-cp", cp, "grammarbench.Replay", t["harness"], str(TIMEOUT_S), os.path.join(d, "corpus"), extra]
    p = subprocess.run(no_network() + cmd, cwd=d, capture_output=True, text=True, errors="replace", timeout=3600)
    with open(os.path.join(d, "replay.log"), "w") as f:
        f.write(" ".join(cmd) + "\n\n" + p.stdout + p.stderr)
    m = re.search(r"replayed (\d+): ok (\d+), accepted (\d+), threw (\d+), timeouts (\d+)", p.stdout)
    counts = dict(zip(["replayed", "ok", "accepted", "threw", "timeouts"], map(int, m.groups()))) if m else None
    return (ex if os.path.exists(ex) else None), counts


def jacoco_branches(exec_file, name, t, tag):
    if not exec_file or not os.path.exists(exec_file):
        return None
    csv_f = os.path.join(WORK, "reports", f"{name}-{tag}.csv")
    os.makedirs(os.path.dirname(csv_f), exist_ok=True)
    p = subprocess.run([env("JAVA"), "-jar", env("JACOCO_CLI"), "report", exec_file,
                        "--classfiles", classfiles(name, t), "--csv", csv_f], capture_output=True, text=True)
    if p.returncode != 0:
        log(f"jacoco report {exec_file} failed: {p.stderr[-500:]}")
        return None
    cov = tot = 0
    with open(csv_f) as f:
        for row in csv.DictReader(f):
            c, m = int(row["BRANCH_COVERED"]), int(row["BRANCH_MISSED"])
            cov, tot = cov + c, tot + c + m
    return {"covered": cov, "total": tot, "mismatch": len(re.findall(r"does not match", p.stdout + p.stderr))}


def jacoco_merge(execs, dest):
    execs = [e for e in execs if e and os.path.exists(e)]
    if os.path.exists(dest):
        os.remove(dest)  # `jacoco merge` appends to an existing destination
    if not execs:
        return None
    subprocess.run([env("JAVA"), "-jar", env("JACOCO_CLI"), "merge", *execs, "--destfile", dest],
                   check=True, capture_output=True)
    return dest


def measure(name, t, mode, seed):
    d = os.path.join(WORK, name, mode, f"seed{seed}")
    r = json.load(open(os.path.join(d, "run.json")))
    ex, counts = replay(name, t, mode, seed)
    r["replay"] = counts
    r["exec"] = ex
    r["branches"] = jacoco_branches(ex, name, t, f"{mode}-seed{seed}")
    json.dump(r, open(os.path.join(d, "run.json"), "w"), indent=1)
    log(f"{name} {mode} seed {seed}: replay {counts}, branches {r['branches'] and r['branches']['covered']}")
    return r


def in_pairs(jobs, width):
    """Runs the callables `width` at a time; returns their results in order."""
    res = [None] * len(jobs)
    for i in range(0, len(jobs), width):
        th = []
        for j in range(i, min(i + width, len(jobs))):
            x = threading.Thread(target=lambda j=j: res.__setitem__(j, jobs[j]()))
            x.start()
            th.append(x)
        for x in th:
            x.join()
    return res


# ---------------------------------------------------------------- table

def fmt_range(xs):
    """median (min..max), or the one value when every seed gave the same."""
    xs = [x for x in xs if x is not None]
    if not xs:
        return "-"
    m = statistics.median(xs)
    m = int(m) if m == int(m) else round(m, 1)
    if min(xs) == max(xs):
        return f"{m}"
    return f"{m} ({min(xs)}..{max(xs)})"


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def table(R):
    L = []
    L.append(f"Grammar-mode benchmark: {R['seconds']} s per run, {R['seeds']} seed(s), modes two at a time on "
             f"{os.cpu_count()} cores; started {R['started']}, load {R['load_start']} at start, {R.get('load_end')} at end")
    L.append(f"fuzz {R['fuzz_bin']}; Jazzer {os.environ.get('JAZZER_VERSION')}; JaCoCo 0.8.14; {R.get('java')}")
    L.append("Branches: JaCoCo BRANCH covered in the library jar, from replaying each run's final corpus + finding inputs "
             "under JaCoCo's agent (grammarbench.Replay: the harness alone). Per mode: median (min..max) over seeds; "
             "union: all seeds' replays merged.")
    L.append("accepted: share of the final corpus the parser accepts (no documented bad-input exception). "
             "findings: distinct findings per run (each tool's own de-duplication: jvmfuzz by stack, Jazzer by DEDUP_TOKEN). "
             "k-paths: covered/possible 3-paths from grammar-coverage.json (grammar modes only; n/m = not measured for "
             "byte mode and Jazzer).")
    goals = []
    for name, T in R["targets"].items():
        L.append("")
        tot = next((r["branches"]["total"] for m in T["modes"].values() for r in m["runs"] if r.get("branches")), None)
        L.append(f"{name}: {T['label']} (library branches: {tot}; grammar {T['grammar']}: {T.get('grammar_loaded') or '?'})")
        L.append(f"  {'mode':36} {'branches':>20} {'union':>6} {'accepted':>9} {'corpus':>13} {'exec/s':>18} "
                 f"{'findings':>10} {'k-paths (3)':>17} {'rules (1)':>9}")
        for mode, M in T["modes"].items():
            runs = M["runs"]
            br = [r["branches"]["covered"] if r.get("branches") else None for r in runs]
            acc = [100.0 * r["replay"]["accepted"] / r["replay"]["replayed"]
                   if r.get("replay") and r["replay"]["replayed"] else None for r in runs]
            kp = [r["kpaths"]["3"]["covered"] for r in runs if r.get("kpaths") and "3" in r["kpaths"]]
            kposs = next((r["kpaths"]["3"]["possible"] for r in runs if r.get("kpaths") and "3" in r["kpaths"]), None)
            k1 = [r["kpaths"]["1"]["covered"] for r in runs if r.get("kpaths") and "1" in r["kpaths"]]
            k1p = next((r["kpaths"]["1"]["possible"] for r in runs if r.get("kpaths") and "1" in r["kpaths"]), None)
            fids = set()
            for r in runs:
                for f in r["findings"]:
                    fids.add((f.get("exception"), f.get("top_frame")))
            nf = [len(r["findings"]) for r in runs]
            u = M.get("union")
            L.append(f"  {MODE_LABEL[mode]:36} {fmt_range(br):>20} {(u['covered'] if u else '-'):>6} "
                     f"{(f'{med(acc):.1f}%') if med(acc) is not None else '-':>9} "
                     f"{fmt_range([r['corpus_size'] for r in runs]):>13} "
                     f"{fmt_range([int(r['exec_s']) if r.get('exec_s') else None for r in runs]):>18} "
                     f"{fmt_range(nf):>10} "
                     f"{(fmt_range(kp) + '/' + str(kposs)) if kp else 'n/m':>17} "
                     f"{(fmt_range(k1) + '/' + str(k1p)) if k1 else 'n/m':>9}")
        for mode, M in T["modes"].items():
            kinds = {}
            for r in M["runs"]:
                for k in set(f"{f.get('exception')} at {f.get('top_frame') or '?'}" for f in r["findings"]):
                    kinds[k] = kinds.get(k, 0) + 1
            if kinds:
                L.append(f"    {MODE_LABEL[mode]} found (exception at top frame: in how many of its {len(M['runs'])} runs): "
                         + "; ".join(f"{k} ({v})" for k, v in sorted(kinds.items())))
            for r in M["runs"]:
                bad = []
                if mode == "jazzer" and any(f.get("id") in ("timeout", "out-of-memory", "rss-limit-exceeded")
                                            for f in r["findings"]):
                    # libFuzzer's timeouts and out-of-memory end a run even with --keep_going
                    bad.append(f"rc {r['rc']}: stopped by a libFuzzer finding {r['wall_s']:.0f} s after its start "
                               f"({r['wall_s'] - (r.get('startup_s') or 0):.0f} s of fuzzing)")
                elif r["rc"] not in (0, 1, 77):  # 77: Jazzer after findings with --keep_going
                    bad.append(f"rc {r['rc']}")
                if r.get("client_processes", 1) > 1:
                    bad.append(f"{r['client_processes']} client processes (restarts)")
                if r.get("errors"):
                    bad.append("; ".join(r["errors"]))
                if r.get("replay") and r["replay"]["timeouts"]:
                    bad.append(f"{r['replay']['timeouts']} replay timeouts")
                if r.get("branches") and r["branches"]["mismatch"]:
                    bad.append(f"{r['branches']['mismatch']} JaCoCo class mismatches")
                if bad:
                    L.append(f"    note {MODE_LABEL[mode]} seed {r['seed']}: " + ", ".join(bad))
        # goals: grammar mode >= 1.3x byte mode, and > Jazzer
        def brs(mode):
            return [r["branches"]["covered"] for r in T["modes"].get(mode, {}).get("runs", []) if r.get("branches")]
        for g in ("grammar", "grammar-kpath"):
            G = brs(g)
            if not G:
                continue
            B, J = brs("byte"), brs("jazzer")
            if B:
                ratio = med(G) / med(B)
                lo, hi = min(G) / max(B), max(G) / min(B)
                ok = ratio >= 1.3
                goals.append(f"{name}: {MODE_LABEL[g]} / bytes = {ratio:.2f} (medians {med(G):g} / {med(B):g}; "
                             f"worst..best seed pairing {lo:.2f}..{hi:.2f}): >= 1.3x {'MET' if ok else 'NOT MET'}"
                             + ("" if not ok or lo >= 1.3 else " by the medians, not by every seed"))
            if J:
                ok = med(G) > med(J)
                goals.append(f"{name}: {MODE_LABEL[g]} vs Jazzer: medians {med(G):g} vs {med(J):g} "
                             f"(ranges {min(G)}..{max(G)} vs {min(J)}..{max(J)}): more than Jazzer {'MET' if ok else 'NOT MET'}"
                             + ("" if not ok or min(G) > max(J) else " by the medians, not by every seed"))
    L.append("")
    L.append("Goals (grammar-fuzzing seed: grammar mode >= 1.3x byte mode's branches on each parser, and more than Jazzer):")
    L += ["  " + g for g in goals]
    return "\n".join(L)


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--time", type=int, default=600, help="seconds per run (default 600)")
    ap.add_argument("--seeds", type=int, default=3, help="seeds per target and mode (default 3)")
    ap.add_argument("--only", help="comma-separated targets: " + ",".join(targets()))
    ap.add_argument("--modes", default=",".join(MODES), help="comma-separated: " + ",".join(MODES))
    ap.add_argument("--parallel", type=int, default=2, help="fuzzers (and replays) at once (default 2)")
    ap.add_argument("--replay-only", action="store_true", help="no fuzzing: replay the runs in out/work again")
    ap.add_argument("--table-only", action="store_true", help="print the table again from out/results.json")
    a = ap.parse_args()
    if a.table_only:
        R = json.load(open(os.path.join(OUT, "results.json")))
        txt = table(R)
        print(txt)
        with open(os.path.join(OUT, "results.txt"), "w") as f:
            f.write(txt + "\n")
        return
    T = targets()
    names = a.only.split(",") if a.only else list(T)
    modes = [m for m in MODES if m in a.modes.split(",")]
    for n in names:
        if n not in T:
            sys.exit(f"unknown target {n}: {', '.join(T)}")
    os.makedirs(WORK, exist_ok=True)
    java = subprocess.run([env("JAVA"), "-version"], capture_output=True, text=True).stderr.splitlines()[0]
    R = {"seconds": a.time, "seeds": a.seeds, "started": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
         "load_start": loadavg(), "fuzz_bin": env("FUZZ_BIN"), "java": java, "argv": sys.argv[1:], "targets": {}}

    # Check that every grammar loads before anything long starts (a grammar error exits 2).
    for n in names:
        if not any(m.startswith("grammar") for m in modes) or a.replay_only:
            break
        t = T[n]
        d = os.path.join(WORK, "grammar-check", n)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        cmd = [env("FUZZ_BIN"), "--cp", ":".join([env("HARNESS_CLASSES")] + t["cp"]), "--harness", t["harness"],
               "--grammar", os.path.join(GRAMMARS, t["grammar"]), "--grammar-start", t["start"], "--runs", "100",
               "--progress", "plain", "--detectors", "none", "--corpus", "corpus", "--findings", "findings"]
        p = subprocess.run(no_network() + cmd, cwd=d, capture_output=True, text=True, errors="replace", timeout=600)
        loaded = re.search(r"jvmfuzz: grammar: \d+ rules.*", p.stdout + p.stderr)
        if p.returncode == 2 or not loaded:
            sys.exit(f"grammar check failed for {n} (rc {p.returncode}): {' '.join(cmd)}\n{(p.stdout + p.stderr)[-3000:]}")
        log(f"{n}: {loaded.group(0)}")

    plan = []  # (target, seed, [pairs])
    for n in names:
        for s in range(1, a.seeds + 1):
            pairs = [tuple(m for m in pr if m in modes) for pr in PAIRINGS[(s - 1) % 3]]
            slots = [p for p in pairs if p]
            if a.parallel == 1:
                slots = [(m,) for p in slots for m in p]
            plan.append((n, s, slots))
    if not a.replay_only:
        total = sum(len(sl) for _, _, sl in plan) * (a.time + 15)
        log(f"fuzzing: {len(names)} target(s) x {a.seeds} seed(s) x {len(modes)} mode(s), {a.time} s each; "
            f"about {total / 60:.0f} min of fuzzing plus replays")
        for n, s, slots in plan:
            for slot in slots:
                log(f"{n} seed {s}: {' + '.join(slot)} side by side ({a.time} s), load {loadavg()}")
                in_pairs([lambda m=m: fuzz_run(n, T[n], m, a.time, s) for m in slot], len(slot))
        R["load_after_fuzzing"] = loadavg()

    log("replaying every run's corpus under JaCoCo")
    for n in names:
        classfiles(n, T[n])  # once, before the replays run in parallel
    jobs = [(n, m, s) for n in names for m in modes for s in range(1, a.seeds + 1)]
    runs = in_pairs([lambda j=j: measure(j[0], T[j[0]], j[1], j[2]) for j in jobs], a.parallel)
    for (n, m, s), r in zip(jobs, runs):
        TT = R["targets"].setdefault(n, {"label": T[n]["label"], "grammar": T[n]["grammar"], "modes": {}})
        TT["modes"].setdefault(m, {"runs": []})["runs"].append(r)
        if r.get("grammar_loaded"):
            TT["grammar_loaded"] = r["grammar_loaded"].replace("jvmfuzz: grammar: ", "")
    for n, TT in R["targets"].items():
        for m, M in TT["modes"].items():
            merged = jacoco_merge([r.get("exec") for r in M["runs"]], os.path.join(WORK, n, m, "union.exec"))
            M["union"] = jacoco_branches(merged, n, T[n], f"{m}-union")
    R["load_end"] = loadavg()
    R["finished"] = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    txt = table(R)
    print(txt)
    with open(os.path.join(OUT, "results.txt"), "w") as f:
        f.write(txt + "\n")
    with open(os.path.join(OUT, "results.json"), "w") as f:
        json.dump(R, f, indent=1, default=str)


if __name__ == "__main__":
    main()
