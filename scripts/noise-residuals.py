#!/usr/bin/env python3
"""Rebuild bot/src/main/resources/fsnbot/noise/residuals.json.

Input: per-boot means exported from fsnbot's store, one line per boot and
metric, as printed by H2's Shell for

  SELECT b.job_id, b.side, b.boot_index, s.workload, s.variant, s.metric,
         AVG(s.val)
  FROM samples s JOIN boots b ON s.boot_id = b.id JOIN jobs j ON j.id = b.job_id
  WHERE b.status = 'OK' AND j.profile = 'quick' AND s.metric IN (<verdict metrics>)
  GROUP BY b.job_id, b.side, b.boot_index, s.workload, s.variant, s.metric

Only BASE boots are used (the same kernel within a job: A/A). Residuals are
log deviations from the job's mean, scaled by sqrt(n/(n-1)), pooled per
workload and metric. Seed 000's two 'Before' batches are added as a source.
Optionally HOST.jsonl: the JSON lines of `fsnbot bench --host --runs N
--out HOST.jsonl`; each pass plays a boot of the host's own kernel.
Usage: noise-residuals.py EXPORT.txt [HOST.jsonl] > residuals.json
       noise-residuals.py --add-icount ICOUNT-EXPORT.txt residuals.json PROFILE.json > new.json
The second form replaces the instruction-clock sources ("clock":
"instructions"; stats-sim never simulates them with wall-time ones) with
those of an export of instruction-clock jobs, every side of one kernel
(an A/A calibration's two sides, a test's base side), one source per row
the profile judges on that clock (its verdict metrics, and of a workload
with instructionClockRows only the rows those match), e.g. with
  ... WHERE b.status = 'OK' AND j.clock = 'instructions' AND (b.side = 'BASE'
      OR j.patched_commit = j.base_commit) ...
"""
import collections
import json
import math
import sys

ORIGIN = ("boots of the base kernel (Debian 6.12.117, quick profile) under TCG "
          "on this project's 2-vCPU machine, 2026-11-30")


def pairs(name, origin, a, b):
    res = []
    for x, y in zip(a, b):
        d = math.log(y) - math.log(x)
        res += [d / 2 * math.sqrt(2), -d / 2 * math.sqrt(2)]
    return {"name": name, "origin": origin, "residuals": [round(r, 6) for r in res]}


VERDICT_METRICS = {"ns_per_op", "avg_client_s", "p50_ns", "add_avg_ns", "total_s", "per_task_ops_s", "iops"}
HOST_ORIGIN = "host-runner passes on this machine's own kernel (6.18, 2 vCPUs, native), 2026-11-30"


def host_groups(path):
    """Per-pass means of the verdict metrics: {(workload, row, metric): [pass values]}."""
    per_pass = collections.defaultdict(lambda: collections.defaultdict(list))
    first, n = None, -1
    for line in open(path):
        r = json.loads(line)
        if r["type"] == "header":
            first = first or r["workload"]
            if r["workload"] == first:
                n += 1
        elif r["type"] == "result" and r["metric"] in VERDICT_METRICS:
            per_pass[(r["workload"], r["row"], r["metric"])][n].append(r["value"])
    return {k: [sum(v) / len(v) for _, v in sorted(p.items())] for k, p in per_pass.items()}


def residuals(values):
    logs = [math.log(v) for v in values]
    mean = sum(logs) / len(logs)
    scale = math.sqrt(len(logs) / (len(logs) - 1))
    return [(x - mean) * scale for x in logs]


def main(path, host=None):
    groups = collections.defaultdict(list)
    for line in open(path):
        cells = [c.strip() for c in line.split("|")]
        if len(cells) != 7 or cells[0].endswith("JOB_ID") or cells[1] != "BASE":
            continue
        job, _, _, workload, variant, metric, value = cells
        groups[(job, workload, variant, metric)].append(float(value))
    pooled = collections.defaultdict(list)
    for (job, workload, variant, metric), values in groups.items():
        if len(values) >= 3:
            pooled[(workload, metric)] += residuals(values)
    sources = [{"name": f"TCG {w} {m}", "origin": ORIGIN, "residuals": [round(r, 6) for r in res]}
               for (w, m), res in sorted(pooled.items())]
    if host:
        hpooled = collections.defaultdict(list)
        for (workload, row, metric), values in host_groups(host).items():
            if len(values) >= 3:
                hpooled[(workload, metric)] += residuals(values)
        sources += [{"name": f"host {w} {m}", "origin": HOST_ORIGIN, "residuals": [round(r, 6) for r in res]}
                    for (w, m), res in sorted(hpooled.items())]
    sources.append(pairs(
        "seed 000 before-batches",
        "seed 000: two 'Before' batches of one kernel, per client count (1..512)",
        [1.392, 2.205, 3.969, 5.851, 10.607, 21.093, 48.698, 100.208, 198.773, 400.056],
        [1.491, 2.391, 4.050, 6.630, 11.931, 22.513, 50.231, 100.699, 198.771, 401.860]))
    # Seed 002's "A/A" pair (two kernels Mel Gorman calls the same) is not a source: the same sign in 9 of 9
    # group counts, mean +4.7%, paired t = 6.1 (issue 26). It is a small real difference, not noise.
    json.dump({"description": "Centred log residuals of per-boot values of one kernel, scaled by "
               "sqrt(n/(n-1)) so that resampling keeps the variance. Used by fsnbot stats-sim; made by "
               "scripts/noise-residuals.py.", "sources": sources}, sys.stdout, indent=1)


ICOUNT_ORIGIN = ("A/A boots of the base kernel (Debian 6.12.118, SLUB without SLUB_TINY, LZ4) under TCG with "
                 "QEMU icount (shift=3,sleep=off), the quick profile as jobs run it on that clock (held listeners), "
                 "two boots side by side and two CPU hogs beside them, on this project's 2-vCPU machine, "
                 "2026-12-07 (fsnbot calibrate --boots 10); one source per row the profile judges on that clock")


def judged(profile_path):
    """A predicate over (workload, row, metric): whether the profile judges that row on the instruction clock."""
    import re
    rules = collections.defaultdict(list)
    for w in json.load(open(profile_path))["workloads"]:
        rules[w["name"]].append((set(w.get("verdictMetrics") or []), w.get("instructionClockRows")))

    def test(workload, row, metric):
        for metrics, rows in rules.get(workload, []):
            if metric in metrics and (rows is None or any(re.fullmatch(r, row) for r in rows)):
                return True
        return False
    return test


def add_icount(export, current, profile):
    """The instruction-clock sources, from an export like the one above of instruction-clock jobs
    (every side of one kernel: an A/A calibration's both sides, a test's base side), put in place
    of those in the residuals file current: one per row the profile judges on that clock, since a
    report judges each row on its own."""
    keep = judged(profile)
    groups = collections.defaultdict(list)
    for line in open(export):
        cells = [c.strip() for c in line.split("|")]
        if len(cells) != 7 or cells[0].endswith("JOB_ID"):
            continue
        job, side, _, workload, variant, metric, value = cells
        if keep(workload, variant, metric):
            groups[(job, side, workload, variant, metric)].append(float(value))
    pooled = collections.defaultdict(list)
    for (job, side, workload, variant, metric), values in groups.items():
        if len(values) >= 3:
            pooled[(workload, variant, metric)] += residuals(values)
    doc = json.load(open(current))
    doc["sources"] = [s for s in doc["sources"] if s.get("clock", "wall") != "instructions"]
    doc["sources"] += [{"name": f"icount {w} {v} {m}", "origin": ICOUNT_ORIGIN, "clock": "instructions",
                        "residuals": [round(r, 6) for r in res]} for (w, v, m), res in sorted(pooled.items())]
    json.dump(doc, sys.stdout, indent=1)


if __name__ == "__main__":
    if sys.argv[1] == "--add-icount":
        add_icount(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        main(*sys.argv[1:3])
