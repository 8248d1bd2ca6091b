#!/usr/bin/env python3
"""Turns the CPU benchmark's RESULT/COMPILE lines into bench/results/cpu.md
and PNG plots. Usage: report.py RESULTS.txt OUTDIR COMMAND..."""

import collections
import os
import platform
import statistics
import subprocess
import sys


def machine():
    model = "unknown CPU"
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    cores = os.cpu_count()
    mem = 0
    for line in open("/proc/meminfo"):
        if line.startswith("MemTotal"):
            mem = int(line.split()[1]) / 2**20
    clang = subprocess.run(["clang-22", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    return f"{model}, {cores} cores, {mem:.0f} GiB, {platform.system()} {platform.release()}; {clang}"


def size(b):
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if b >= scale:
            return f"{b / scale:g} {unit}"
    return f"{b} B"


def combine(per_process):
    """One {variant: (seconds, moved, faults)} from a configuration's
    processes: the floor's median time, and each variant at the median of its
    per-process ratios to the floor (each ratio from one process's interleaved
    runs) times that, so that time / floor is that median ratio; the median
    of its page faults per call."""
    floor = statistics.median(p["floor"][0] for p in per_process)
    moved = per_process[0]["floor"][1]
    out = {}
    for variant in per_process[0]:
        ratios = [p[variant][0] / p["floor"][0] for p in per_process if variant in p]
        faults = statistics.median(p[variant][2] for p in per_process if variant in p)
        out[variant] = (statistics.median(ratios) * floor, moved, faults)
    return out


def main():
    results, out, command = sys.argv[1], sys.argv[2], " ".join(sys.argv[3:])
    # Each process (ending with its CHECKS line) times every variant of its
    # configuration, interleaved; run.sh runs each configuration in several
    # processes. samples[key]: one {variant: (seconds, moved)} per process.
    samples = collections.defaultdict(list)
    current = collections.defaultdict(dict)
    compiles = collections.defaultdict(dict)
    differing, processes = 0, 0
    for line in open(results):
        f = line.split()
        if f and f[0] == "RESULT":
            op, eb, n, variant, t, moved = f[1], int(f[2]), int(f[3]), f[4], float(f[5]), int(f[6])
            faults = float(f[7]) if len(f) > 7 else float("nan")
            current[(op, eb, n)][variant] = (t, moved, faults)
        elif f and f[0] == "COMPILE":
            compiles[f[1]][int(f[2])] = float(f[3])
        elif f and f[0] == "CHECKS":
            differing += int(f[1])
            processes += 1
            for key, v in current.items():
                samples[key].append(v)
            current.clear()
    runs = {key: combine(v) for key, v in samples.items()}
    repeats = sorted({len(v) for v in samples.values()})
    checks = f"{differing} outputs differ from the floor's ({processes} runs)"
    md = ["# CPU benchmark", "", f"Machine: {machine()}", "",
          f"Command: `{command}`", "", f"Correctness: {checks} (every output compared byte for byte with the floor's).", "",
          f"Median of interleaved runs, {'/'.join(map(str, repeats))} processes per configuration (a ratio: the median of the processes' ratios). Ratios: time / floor time (lower is better); "
          "upstream/ta: the upstream-MLIR formulation's time over ta checks=none's (> 1: ta faster). "
          "The process has glibc's default malloc settings; the floor's array and result are buffers "
          "allocated once and kept across calls, the compiled code's are allocated and freed by each "
          "call through libta_runtime. Faults: minor page faults per call over the timed samples "
          "(floor / ta none / ta strict).", "",
          "| op | element | array | floor GB/s | ta none / floor | ta strict / floor | upstream / floor | upstream / ta none | faults per call |",
          "|---|---|---|---|---|---|---|---|---|"]
    goals = {"none": [], "strict": [], "strict small": []}
    faulting = []
    ragged = []
    scaling = {k: v for k, v in runs.items() if k[0] in ("swr", "wrg", "wrw")}
    for (op, eb, n), v in sorted(runs.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][1] * kv[0][2])):
        if (op, eb, n) in scaling:
            continue
        fl, moved = v["floor"][:2]
        r = {k: v[k][0] / fl for k in v}
        if "upstream" not in v:
            r["upstream"] = float("nan")
        name = f"{op} {size(eb)} in {size(eb * n)}"
        if op == "rc":  # issue 21's goal, apart
            ragged.append((r["ta-none"], r["ta-strict"]))
        else:
            if eb >= 16:
                goals["none"].append((r["ta-none"], name))
            if eb >= 64:
                goals["strict"].append((r["ta-strict"], name))
            elif eb >= 16:
                goals["strict small"].append((r["ta-strict"], name))
        faults = " / ".join(f"{v[k][2]:g}" for k in ("floor", "ta-none", "ta-strict"))
        faulting += [(v[k][2], f"{name} {k}") for k in ("ta-none", "ta-strict")]
        md.append(f"| {op} | {size(eb)} | {size(eb * n)} | {moved / fl / 1e9:.2f} | {r['ta-none']:.2f} | "
                  f"{r['ta-strict']:.2f} | " + (f"{r['upstream']:.2f} | {v['upstream'][0] / v['ta-none'][0]:.2f} |"
                     if "upstream" in v else "skipped | skipped |") + f" {faults} |")

    def goal(what, ratios, bound):
        missed = [f"{name} {x:.2f}x" for x, name in ratios if x > bound]
        return (f"{what} <= {bound:.2f}x the floor: met in {len(ratios) - len(missed)}/{len(ratios)}"
                + (f" (missed: {', '.join(missed)})" if missed else ""))
    if goals["none"]:
        md += ["", "Goals (issue 20), elements of 16 B or more: "
               + goal("checks=none", goals["none"], 1.10) + "; "
               + goal("strict with elements of 64 B or more", goals["strict"], 1.25)
               + ("; " + goal("strict with elements of 16 to 63 B", goals["strict small"], 2.0)
                  if goals["strict small"] else "") + "."]
    if faulting:
        over = [f"{name}: {x:g}" for x, name in faulting if not x < 1]
        md += ["", f"Goal (issue 52): no fresh pages in steady state, in a default process: "
               f"ta's calls fault under 1 page each in {len(faulting) - len(over)}/{len(faulting)}"
               + (f" (not: {', '.join(over)})" if over else "") + "."]
    for none, strict in ragged:
        md += ["", "Goal (issue 21): the ragged split and concat (`rc`: 4096 elements of 1..64 "
               "rows of 256 B, kept by libta_runtime) within 1.25x the floor: "
               f"{none:.2f}x with checks=none, {strict:.2f}x strict."]
    if scaling:
        md += ["", "## Scaling: time per element (one write and one read of 64 B)", "",
               "Fixed size (`swr`); growable from empty (`dynamic_size`) written by an `scf.for`, whose "
               "capacity ta reserves before the loop (`wrg`); the same written by an `scf.while` whose "
               "condition its body computes (a trip count only the iterations tell), growing as it is "
               "written, capacity doubling (`wrw`). "
               "The floor of both growable ones doubles a C array, copying it into the other half of its "
               "kept buffer at each doubling. Flat columns: O(element) "
               "per op, amortised O(1) growth.", "",
               "| elements | fixed: floor ns | fixed: ta none ns | fixed: ta strict ns "
               "| reserved: floor ns | reserved: ta none ns | reserved: ta strict ns "
               "| grown: floor ns | grown: ta none ns | grown: ta strict ns |",
               "|---|---|---|---|---|---|---|---|---|---|"]
        for n in sorted({k[2] for k in scaling}):
            cells = []
            for op in ("swr", "wrg", "wrw"):
                v = next((v for k, v in scaling.items() if k[0] == op and k[2] == n), {})
                for variant in ("floor", "ta-none", "ta-strict"):
                    cells.append(f"{v[variant][0] / n * 1e9:.1f}" if variant in v else "-")
            md.append(f"| {n} | " + " | ".join(cells) + " |")
    if compiles:
        md += ["", "## Compile time", "", "| what | " + " | ".join(f"{k} ops" for k in sorted(next(iter(compiles.values())))) + " |",
               "|---|" + "---|" * len(next(iter(compiles.values())))]
        for what, by in compiles.items():
            md.append(f"| {what} | " + " | ".join(f"{by[k]:.2f} s" if k in by else "-" for k in sorted(next(iter(compiles.values())))) + " |")
        md.append("\nGoals (issue 20): 10000 ops in <= 2 s with checks=none and <= 3 s strict; "
                  "100000 ops / 10000 ops <= 10.5x.")
        for what, by in compiles.items():
            ks = sorted(by)
            for a, b in zip(ks, ks[1:]):
                md.append(f"\n{what}: {b} ops / {a} ops = {by[b] / by[a]:.1f}x")
    os.makedirs(out, exist_ok=True)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        if scaling:
            fig, ax = plt.subplots(figsize=(6, 4))
            for op, label in (("swr", "fixed"), ("wrg", "reserved"), ("wrw", "grown")):
                for variant in ("floor", "ta-none", "ta-strict"):
                    pts = sorted((k[2], v[variant][0] / k[2] * 1e9) for k, v in scaling.items()
                                 if k[0] == op and variant in v)
                    ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o",
                            label=f"{label}: {variant}")
            ax.set_xscale("log")
            ax.set_ylim(bottom=0)
            ax.set_xlabel("elements (64 B each)"), ax.set_ylabel("ns per element (write + read)")
            ax.legend(fontsize=7)
            fig.tight_layout()
            fig.savefig(os.path.join(out, "cpu-scaling.png"), dpi=100)
            plt.close(fig)
            md.append("\n![scaling](cpu-scaling.png)")
        for op in sorted({k[0] for k in runs if k not in scaling}):
            fig, ax = plt.subplots(figsize=(7, 4))
            for variant in ("ta-none", "ta-strict", "upstream"):
                pts = sorted((eb * n, runs[(o, eb, n)][variant][0] / runs[(o, eb, n)]["floor"][0], eb)
                             for (o, eb, n) in runs if o == op and variant in runs[(o, eb, n)])
                for eb in sorted({p[2] for p in pts}):
                    xs = [p[0] for p in pts if p[2] == eb]
                    ys = [p[1] for p in pts if p[2] == eb]
                    ax.plot(xs, ys, marker="o", label=f"{variant}, {size(eb)} elements")
            ax.axhline(1.0, color="black", linewidth=0.8)
            ax.set_xscale("log"), ax.set_yscale("log")
            ax.set_xlabel("array bytes"), ax.set_ylabel("time / hand-written floor")
            ax.set_title(f"{op}: ta vs the floor and upstream MLIR")
            ax.legend(fontsize=6)
            fig.tight_layout()
            fig.savefig(os.path.join(out, f"cpu-{op}.png"), dpi=100)
            plt.close(fig)
            md.append(f"\n![{op}](cpu-{op}.png)")
        if compiles:
            fig, ax = plt.subplots(figsize=(6, 4))
            for what, by in compiles.items():
                ks = sorted(by)
                ax.plot(ks, [by[k] for k in ks], marker="o", label=what)
            ax.set_xscale("log"), ax.set_yscale("log")
            ax.set_xlabel("ops in the module"), ax.set_ylabel("seconds")
            ax.legend(fontsize=7)
            fig.tight_layout()
            fig.savefig(os.path.join(out, "cpu-compile.png"), dpi=100)
            plt.close(fig)
            md.append("\n![compile time](cpu-compile.png)")
    except ImportError:
        md.append("\n(matplotlib missing: no plots; `apt-get install python3-matplotlib`)")
    open(os.path.join(out, "cpu.md"), "w").write("\n".join(md) + "\n")
    print("\n".join(md))


if __name__ == "__main__":
    main()
