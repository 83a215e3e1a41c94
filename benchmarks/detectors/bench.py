#!/usr/bin/env python3
"""Bug detectors: jvmfuzz vs Jazzer on harnesses over vulnerable releases, same seed, same budget.

Called by run.sh, which installs and compiles everything and passes the paths in the
environment: $STAGE (world-readable folder with classes/, lib/*.jar and the fuzz binary),
$FUZZ, $JAVA_HOME, $JAZZER_VERSION. Prints one table; writes out/results.{txt,json} and
out/logs/<harness>-<tool>-<seed>.log.

Every fuzzing process runs sandboxed: `unshare -n` (a network namespace with only a downed
loopback: nothing can be sent anywhere), as user nobody (setpriv), with an empty environment
but PATH=<an empty folder>, HOME and the temp folder in a fresh scratch folder under /tmp,
which is also its working folder.

Both tools keep going after other findings (jvmfuzz --keep-going, Jazzer --keep_going), so a
crash that is not a detector's cannot end a run early; the run is stopped (its process group
killed) as soon as a detector's finding is printed, else at the budget. Time to find: wall time
from starting the process (JVM start-up included) to the line that reports the detector's
finding (jvmfuzz "jvmfuzz: FINDING ... SecurityIssue", Jazzer "== Java Exception:
...FuzzerSecurityIssue...").
"""
import argparse
import datetime
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "out")
NOBODY = 65534

# name, class, jars (in $STAGE/lib), what the bug is
# Jazzer's flags for one harness besides the common ones: Jazzer 0.30.0's UnsafeSanitizer hook
# throws a NullPointerException inside XStream's static initializer (SunUnsafeReflectionProvider),
# so XStream cannot even be constructed under Jazzer's defaults; it is turned off there.
JAZZER_EXTRA = {"xstream": ["--disabled_hooks=com.code_intelligence.jazzer.sanitizers.UnsafeSanitizer"]}
HARNESSES = [
    ("log4j", "detectors.Log4jFuzzer", ["log4j-core-2.14.1.jar", "log4j-api-2.14.1.jar"], "JNDI lookup"),
    ("commons-text", "detectors.CommonsTextFuzzer", ["commons-text-1.9.jar", "commons-lang3-3.11.jar"],
     "interpolation"),
    ("snakeyaml", "detectors.SnakeYamlFuzzer", ["snakeyaml-1.33.jar"], "class instantiation"),
    ("xstream", "detectors.XStreamFuzzer", ["xstream-1.4.17.jar", "mxparser-1.2.1.jar", "xmlpull-1.1.3.1.jar"],
     "class instantiation"),
    ("h2-sql", "detectors.H2SqlFuzzer", ["h2-2.2.224.jar"], "SQL injection"),
    ("xpath", "detectors.XPathFuzzer", [], "XPath injection"),
    ("command", "detectors.CommandFuzzer", [], "OS command injection"),
    ("xxe", "detectors.XxeFuzzer", [], "XML external entity"),
]


def env(k):
    v = os.environ.get(k)
    if not v:
        sys.exit(f"bench.py: ${k} not set (run benchmarks/detectors/run.sh)")
    return v


def scratch(tool):
    d = tempfile.mkdtemp(prefix=f"jvmfuzz-det-{tool}-", dir="/tmp")
    for sub in ("emptybin", "tmp"):
        os.mkdir(os.path.join(d, sub))
    for root, dirs, files in os.walk(d):
        for n in [root] + [os.path.join(root, x) for x in dirs + files]:
            os.chown(n, NOBODY, NOBODY)
    return d


def sandboxed(cmd, d):
    """The command as run: no network, user nobody, empty environment but for PATH (an empty
    folder), HOME and TMPDIR (the scratch folder), JAVA_HOME."""
    return (["unshare", "-n", "--", "setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", "--",
             "/usr/bin/env", "-i", f"PATH={d}/emptybin", f"HOME={d}", f"TMPDIR={d}/tmp",
             f"JAVA_HOME={env('JAVA_HOME')}"] + cmd)


JVMFUZZ_ARGS = []  # --jvmfuzz-arg
JVMFUZZ_FINDING = re.compile(r"^jvmfuzz: FINDING (\S+) (\S+): (.*)")
JVMFUZZ_DETECTOR = re.compile(r"SecurityIssue$")
JVMFUZZ_EXECS = re.compile(r"executions: (\d+)")
JAZZER_EXC = re.compile(r"^== Java Exception: ([\w.$]+)(?:: (.*))?")
JAZZER_EXECS = re.compile(r"^#(\d+)\s")
# The first fuzzing execution: jvmfuzz's first status line, Jazzer's (libFuzzer's) INITED line.
INIT = {"jvmfuzz": re.compile(r"^jvmfuzz: \[.*executions: "), "jazzer": re.compile(r"^#\d+\s+INITED")}


def run(tool, h, seed, budget, log):
    name, cls, jars, _ = h
    stage = env("STAGE")
    cp = ":".join([f"{stage}/classes"] + [f"{stage}/lib/{j}" for j in jars])
    api = f"{stage}/lib/jazzer-api-{env('JAZZER_VERSION')}.jar"
    d = scratch(tool)
    tmp = f"-Djava.io.tmpdir={d}/tmp"
    if tool == "jvmfuzz":
        cmd = [f"{stage}/fuzz", "--cp", f"{cp}:{api}", "--harness", cls, "--max-total-time", str(budget),
               "--seed", str(seed), "--progress", "plain", "--keep-going", f"--jvm-arg={tmp}"] + JVMFUZZ_ARGS
    else:
        jazzer = f"{stage}/lib/jazzer-{env('JAZZER_VERSION')}.jar"
        cmd = [f"{env('JAVA_HOME')}/bin/java", tmp, "-cp", f"{cp}:{jazzer}:{api}",
               "com.code_intelligence.jazzer.Jazzer", f"--target_class={cls}", f"-max_total_time={budget}",
               f"-seed={seed}", "--keep_going=1000000", "-print_final_stats=1"] + JAZZER_EXTRA.get(name, [])
    full = sandboxed(cmd, d)
    r = {"harness": name, "tool": tool, "seed": seed, "budget": budget, "found": False, "other_findings": []}
    t0 = time.monotonic()
    p = subprocess.Popen(full, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         errors="replace", start_new_session=True)

    def kill():
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    limit = threading.Timer(budget + 90, kill)
    limit.start()
    lines, execs, pending = [], 0, None  # pending: a Jazzer exception whose stack is being read
    for line in p.stdout:
        now = time.monotonic() - t0
        lines.append(f"[{now:8.2f}] {line}")
        if "init_s" not in r and (INIT[tool].search(line)):
            r["init_s"] = round(now, 2)
        if tool == "jvmfuzz":
            m = JVMFUZZ_EXECS.search(line)
            if m:
                execs = int(m.group(1))
            m = JVMFUZZ_FINDING.match(line)
            if m:
                if JVMFUZZ_DETECTOR.search(m.group(2)):
                    r.update(found=True, secs=round(now, 2), id=m.group(1), message=m.group(3)[:300],
                             detector=m.group(3).split(":", 1)[0])
                    break
                r["other_findings"].append({"secs": round(now, 2), "exception": m.group(2),
                                            "message": m.group(3)[:200]})
        else:
            m = JAZZER_EXECS.match(line)
            if m:
                execs = int(m.group(1))
            m = JAZZER_EXC.match(line)
            if m:
                pending = {"secs": round(now, 2), "exception": m.group(1), "message": (m.group(2) or "")[:200],
                           "execs_at_least": execs, "stack": []}
                continue
            if pending is not None:
                if line.startswith("DEDUP_TOKEN") or len(pending["stack"]) > 40:
                    issue = "FuzzerSecurityIssue" in pending["exception"]
                    sanitizer = None
                    for s in pending["stack"]:
                        sm = re.search(r"jazzer\.sanitizers\.(\w+)|\b(jaz\.Zer)\.", s)
                        if sm:
                            sanitizer = sm.group(1) or sm.group(2)
                            break
                    if issue:
                        r.update(found=True, secs=pending["secs"], execs_at_least=pending["execs_at_least"],
                                 message=pending["message"], detector=sanitizer or "?",
                                 severity=pending["exception"].rsplit("FuzzerSecurityIssue", 1)[1],
                                 stack=pending["stack"][:8])
                        break
                    r["other_findings"].append({k: pending[k] for k in ("secs", "exception", "message")})
                    pending = None
                else:
                    pending["stack"].append(line.strip())
    kill()
    rest = p.stdout.read() if not r["found"] else ""
    p.wait()
    limit.cancel()
    r["wall_s"] = round(time.monotonic() - t0, 2)
    r["execs_seen"] = execs
    if tool == "jvmfuzz":
        try:
            with open(os.path.join(d, "findings", "summary.json")) as f:
                s = json.load(f)
            entries = s if isinstance(s, list) else s.get("findings", [])
            for e in entries:
                if e.get("detector") and (not r.get("id") or e.get("id") == r["id"]):
                    r.update(detector=e["detector"], severity=e.get("severity"), cwe=e.get("cwe"),
                             execs=e.get("execs"), first_seen_secs=e.get("first_seen_secs"))
                    break
        except (OSError, ValueError):
            pass
    else:
        m = re.search(r"stat::number_of_executed_units: (\d+)", rest)
        if m:
            r["execs_seen"] = int(m.group(1))
    with open(log, "w") as f:
        f.write(" ".join(full) + "\n(cwd " + d + ")\n\n" + "".join(lines) + rest)
    shutil.rmtree(d, ignore_errors=True)
    return r


def med(vals):
    vals = [v for v in vals if v is not None]
    return statistics.median(vals) if vals else None


def fmt_s(v):
    return "-" if v is None else (">budget" if v == float("inf") else f"{v:.1f}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--budget", type=int, default=120, help="seconds per run")
    ap.add_argument("--only", help="comma-separated harness names: " + ",".join(h[0] for h in HARNESSES))
    ap.add_argument("--tools", default="jvmfuzz,jazzer",
                    help="comma-separated: jvmfuzz, jazzer (one alone: to study a tool, not to compare)")
    ap.add_argument("--jvmfuzz-arg", action="append", default=[], metavar="ARG",
                    help="one more argument for jvmfuzz's command line (repeatable; to try a setting)")
    a = ap.parse_args()
    JVMFUZZ_ARGS.extend(a.jvmfuzz_arg)
    tools = [t for t in ("jvmfuzz", "jazzer") if t in a.tools.split(",")]
    if not tools or any(t not in ("jvmfuzz", "jazzer") for t in a.tools.split(",")):
        sys.exit("bench.py: --tools takes jvmfuzz, jazzer or both, comma-separated")
    hs = [h for h in HARNESSES if not a.only or h[0] in a.only.split(",")]
    if not hs:
        sys.exit("bench.py: --only matches no harness")
    logs = os.path.join(OUT, "logs")
    os.makedirs(logs, exist_ok=True)
    started = datetime.datetime.now().astimezone()
    t_start = time.monotonic()
    load0 = os.getloadavg()
    results = {h[0]: {"jvmfuzz": [], "jazzer": []} for h in hs}
    for seed in range(1, a.seeds + 1):
        for i, h in enumerate(hs):
            order = ["jvmfuzz", "jazzer"] if (seed + i) % 2 == 0 else ["jazzer", "jvmfuzz"]
            for tool in [t for t in order if t in tools]:
                r = run(tool, h, seed, a.budget, os.path.join(logs, f"{h[0]}-{tool}-{seed}.log"))
                results[h[0]][tool].append(r)
                ex = r.get("execs") or r.get("execs_at_least") or r.get("execs_seen")
                print(f"seed {seed} {h[0]:12} {tool:7} "
                      + (f"found {r['detector']} in {r['secs']:.1f} s (execs {ex})" if r["found"]
                         else f"not found in {r['wall_s']:.0f} s (execs {ex})")
                      + (f"; other findings first: {len(r['other_findings'])}" if r["other_findings"] else ""),
                      flush=True)
    load1 = os.getloadavg()
    total = time.monotonic() - t_start

    lines = [f"jvmfuzz vs Jazzer {env('JAZZER_VERSION')} bug detectors: {a.seeds} seeds, {a.budget} s per run, "
             f"empty corpus, runs alternated; started {started:%Y-%m-%d %H:%M %Z}, took {total / 60:.0f} min; "
             f"{os.cpu_count()} cores, load {load0[0]:.2f} -> {load1[0]:.2f}",
             "time = wall seconds from process start (JVM start-up included) to the detector's finding line"]
    hdr = (f"{'harness':12} {'tool':7} {'found':>5} {'median s':>8} {'worst s':>8} {'start s':>7} {'execs (median)':>14}  "
           f"{'detector / sanitizer':34} verdict")
    lines += [hdr, "-" * len(hdr)]
    summary = {}
    for h in hs:
        name = h[0]
        t = {}
        for tool in ("jvmfuzz", "jazzer"):
            rs = results[name][tool]
            times = [r["secs"] if r["found"] else float("inf") for r in rs]
            k = sum(r["found"] for r in rs)
            ex = [r.get("execs") or r.get("execs_at_least") for r in rs if r["found"]]
            ex = [e for e in ex if e is not None]
            dets = sorted({r["detector"] for r in rs if r["found"]})
            t[tool] = {"found": k, "runs": len(rs), "median_s": statistics.median(times) if times else None,
                       "worst_s": max(times) if times else None, "detectors": dets,
                       "median_execs": statistics.median(ex) if ex else None,
                       "median_start_s": med([r.get("init_s") for r in rs])}
        j, z = t["jvmfuzz"], t["jazzer"]
        if j["found"] < j["runs"]:
            verdict = f"MISSED ({j['found']}/{j['runs']})"
        elif "jazzer" not in tools:
            verdict = "found every time (Jazzer not run)"
        elif z["found"] == 0:
            verdict = "met (Jazzer found none)"
        elif j["median_s"] <= z["median_s"]:
            verdict = f"met ({z['median_s'] / j['median_s']:.1f}x faster)" if z["median_s"] != float("inf") \
                else "met"
        else:
            verdict = f"SLOWER ({j['median_s'] / z['median_s']:.1f}x Jazzer's time)"
        summary[name] = dict(t, verdict=verdict)
        for tool in tools:
            s = t[tool]
            mex = s["median_execs"]
            mex = "-" if mex is None else (f"{mex:.0f}" if tool == "jvmfuzz" else f">={mex:.0f}")
            lines.append(f"{name:12} {tool:7} {s['found']}/{s['runs']:<3} {fmt_s(s['median_s']):>8} "
                         f"{fmt_s(s['worst_s']):>8} {fmt_s(s['median_start_s']):>7} {mex:>14}  {', '.join(s['detectors']) or '-':34} "
                         f"{verdict if tool == 'jvmfuzz' else ''}")
    lines.append("goal: every run finds it (k/N = N/N) and jvmfuzz's median time <= Jazzer's; a miss counts as "
                 "an infinite time in the medians")
    lines.append("start s: median seconds from process start to the first fuzzing execution (jvmfuzz's first "
                 "status line, Jazzer's INITED line), included in the times")
    lines.append("execs: jvmfuzz's count at the finding (summary.json); Jazzer's last status line before it "
                 "(a lower bound)")
    text = "\n".join(lines)
    print("\n" + text)
    with open(os.path.join(OUT, "results.txt"), "w") as f:
        f.write(text + "\n")
    def finite(v):
        if isinstance(v, float) and v == float("inf"):
            return None
        if isinstance(v, dict):
            return {k: finite(x) for k, x in v.items()}
        if isinstance(v, list):
            return [finite(x) for x in v]
        return v

    with open(os.path.join(OUT, "results.json"), "w") as f:
        json.dump({"started": started.isoformat(), "minutes": round(total / 60, 1), "seeds": a.seeds,
                   "budget": a.budget, "cores": os.cpu_count(), "load": [load0, load1],
                   "jazzer_version": env("JAZZER_VERSION"), "summary": finite(summary), "runs": results},
                  f, indent=1)


if __name__ == "__main__":
    main()
