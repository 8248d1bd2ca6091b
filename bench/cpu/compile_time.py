#!/usr/bin/env python3
"""Compile-time scaling: `ta-opt --ta-lower-to-llvm` on generated modules of
K ta ops (functions of 100 ops: 49 writes and 49 reads on a growable array,
alternating, each write storing what the read before it returned so that
every read's value is used, plus create/close), against `mlir-opt` parsing
and printing a module of K upstream ops of the same shape
(tensor.insert_slice / extract_slice).
Prints "COMPILE <what> <K> <seconds>" lines (median of --reps runs).
Usage: compile_time.py TA_OPT OUTDIR [--reps N] K..."""

import argparse
import os
import statistics
import subprocess
import time

PER_FUNCTION = 100


def ta_module(k):
    lines = []
    for f in range(max(1, k // PER_FUNCTION)):
        lines.append(f"func.func @f{f}(%v: tensor<4xf32>) -> tensor<4xf32> {{")
        lines.append("  %c0 = arith.constant 0 : index")
        lines.append("  %h, %fl0 = ta.create %c0 {dynamic_size = true, clear_after_read = false} : !ta.handle<?, tensor<4xf32>>")
        flow = "%fl0"
        value = "%v"
        for i in range(PER_FUNCTION // 2 - 1):
            lines.append(f"  %i{i} = arith.constant {i} : index")
            lines.append(f"  %fl{i + 1} = ta.write %h[%i{i}], {value}, {flow} : !ta.handle<?, tensor<4xf32>>, tensor<4xf32>")
            flow = f"%fl{i + 1}"
            lines.append(f"  %r{i} = ta.read %h[%i{i}], {flow} : !ta.handle<?, tensor<4xf32>>")
            value = f"%r{i}"
        lines.append("  ta.close %h : !ta.handle<?, tensor<4xf32>>")
        lines.append(f"  return %r{PER_FUNCTION // 2 - 2} : tensor<4xf32>")
        lines.append("}")
    return "\n".join(lines) + "\n"


def upstream_module(k):
    lines = []
    for f in range(max(1, k // PER_FUNCTION)):
        lines.append(f"func.func @f{f}(%v: tensor<4xf32>, %a0: tensor<64x4xf32>) -> tensor<4xf32> {{")
        acc = "%a0"
        value = "%v"
        for i in range(PER_FUNCTION // 2 - 1):
            lines.append(f"  %i{i} = arith.constant {i} : index")
            lines.append(f"  %a{i + 1} = tensor.insert_slice {value} into {acc}[%i{i}, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<64x4xf32>")
            acc = f"%a{i + 1}"
            lines.append(f"  %r{i} = tensor.extract_slice {acc}[%i{i}, 0] [1, 4] [1, 1] : tensor<64x4xf32> to tensor<4xf32>")
            value = f"%r{i}"
        lines.append(f"  return %r{PER_FUNCTION // 2 - 2} : tensor<4xf32>")
        lines.append("}")
    return "\n".join(lines) + "\n"


def timed(command, reps):
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("ta_opt")
    parser.add_argument("out")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--strict-max", type=int, default=10 ** 9,
                        help="largest K compiled with checks=strict")
    parser.add_argument("sizes", nargs="+", type=int)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for k in args.sizes:
        ta_path = os.path.join(args.out, f"ta_{k}.mlir")
        up_path = os.path.join(args.out, f"up_{k}.mlir")
        open(ta_path, "w").write(ta_module(k))
        open(up_path, "w").write(upstream_module(k))
        for checks in ("none", "strict"):
            if checks == "strict" and k > args.strict_max:
                continue
            t = timed([args.ta_opt, ta_path, f"--ta-lower-to-llvm=checks={checks}", "-o", os.devnull], args.reps)
            print(f"COMPILE ta-lower-to-llvm-{checks} {k} {t:.4f}", flush=True)
        t = timed([args.ta_opt, ta_path, "-o", os.devnull], args.reps)
        print(f"COMPILE ta-opt-parse-print {k} {t:.4f}", flush=True)
        t = timed(["mlir-opt-22", up_path, "-o", os.devnull], args.reps)
        print(f"COMPILE mlir-opt-parse-print-upstream {k} {t:.4f}", flush=True)


if __name__ == "__main__":
    main()
