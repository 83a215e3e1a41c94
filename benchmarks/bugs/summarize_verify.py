#!/usr/bin/env python3
"""Condenses out/verify.txt (verify.sh) into one line per harness and distinct bug: the exception
and its first frame outside java.*/jdk.* on the buggy release, how many inputs show it (which
tools found them), and what those inputs do on each later release. Prints it; verify.sh
writes it to out/verify-summary.txt."""
import re
import sys
from collections import OrderedDict

path = sys.argv[1] if len(sys.argv) > 1 else "out/verify.txt"
blocks, cur, inp = [], None, None
for line in open(path, encoding="utf-8", errors="replace"):
    line = line.rstrip("\n")
    if line.startswith("== "):
        m = re.match(r"== (\S+): (\S+) \(buggy\) vs (.*)", line)
        cur = {"name": m.group(1), "buggy": m.group(2).rsplit(":", 1)[-1], "inputs": []}
        blocks.append(cur)
    elif line.startswith("    ") and inp is not None:
        ver, res = line.strip().split(": ", 1)
        inp["res"].append((ver, res))
    elif line.startswith("  "):
        inp = {"path": line.strip(), "res": []}
        cur["inputs"].append(inp)


def bug_key(res):
    if res == "no finding":
        return "no finding on the buggy release (under `fuzz repro`)"
    m = re.match(r"(\S+) \((.*)\) at (.*)$", res)
    if not m:
        return res
    exc, frame = m.group(1), m.group(3)
    frame = re.sub(r"[(].*", "", frame).strip() or "(no frames)"
    return f"{exc.rsplit('.', 1)[-1]} at {frame}"


def who(path):
    if path.startswith("repro/"):
        return "repro"
    m = re.search(r"-(jvmfuzz|jazzer)-\d+$", path)
    return m.group(1) if m else "?"


for b in blocks:
    groups = OrderedDict()
    for i in b["inputs"]:
        if not i["res"]:
            continue
        key = bug_key(i["res"][0][1])
        g = groups.setdefault(key, {"n": 0, "who": set(), "later": OrderedDict()})
        g["n"] += 1
        g["who"].add(who(i["path"]))
        for ver, res in i["res"][1:]:
            outcome = "fixed" if res == "no finding" else ("same" if bug_key(res) == key else bug_key(res))
            g["later"].setdefault(ver, OrderedDict()).setdefault(outcome, 0)
            g["later"][ver][outcome] += 1
    for key, g in groups.items():
        later = "; ".join(f"{v}: " + ", ".join(f"{o}" + (f" x{c}" if len(d) > 1 else "") for o, c in d.items())
                          for v, d in g["later"].items())
        print(f"{b['name']:15} {b['buggy']:>10}  {key}  [{g['n']} input(s): {','.join(sorted(g['who']))}]  -> {later}")
