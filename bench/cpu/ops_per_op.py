#!/usr/bin/env python3
"""LLVM dialect operations per ta op: what `ta-opt --ta-lower-to-llvm`
leaves for each kind of ta op, in both checks modes, as a Markdown table.
Results are left unused but a read's: one element of it is extracted, and
its value is then copied into a buffer of its own, as when it is not
inserted in place (a read whose value nothing uses is the call alone, its
own row). ta.size is left out: uses of one array's size fold into one load
of its header.

For each op, a function applies it K times to arrays passed in as arguments
(so that no create or close is counted but the op's own), lowered once with
K = 1 and once with K = 1 + STEP: the ops at each use are the growth of the
function's body per added op, over STEP; the ops defined once per module
(access, growth and failure functions of internal linkage) are counted
apart. Usage: ops_per_op.py TA_OPT [OUT.md]"""

import re
import subprocess
import sys

STEP = 10
H = "!ta.handle<8, tensor<4xf32>>"
HG = "!ta.handle<?, tensor<4xf32>>"
G = "!ta.handle<8, tensor<4xf32>, grad>"

# op name -> (function arguments, one use of the op at position k)
OPS = {
    # An array only closed has no slots (DatalessArrays): its header alone.
    "create + close (dataless)": ("%n: index",
                                  lambda k: f"  %h{k}, %c{k} = ta.create %n : {H}\n"
                                            f"  ta.close %h{k} : {H}\n"),
    # One written: its buffer (the write is one call).
    "create + write + close": ("%n: index, %i: index, %v: tensor<4xf32>",
                               lambda k: f"  %h{k}, %c{k} = ta.create %n : {H}\n"
                                         f"  %w{k} = ta.write %h{k}[%i], %v, %c{k} : {H}, tensor<4xf32>\n"
                                         f"  ta.close %h{k} : {H}\n"),
    "write": (f"%h: {H}, %i: index, %v: tensor<4xf32>, %f: !ta.flow",
              lambda k: f"  %f{k} = ta.write %h[%i], %v, %f : {H}, tensor<4xf32>\n"),
    "write (growable)": (f"%h: {HG}, %i: index, %v: tensor<4xf32>, %f: !ta.flow",
                         lambda k: f"  %f{k} = ta.write %h[%i], %v, %f : {HG}, tensor<4xf32>\n"),
    "read": (f"%h: {H}, %i: index, %f: !ta.flow, %c: index",
             lambda k: f"  %r{k} = ta.read %h[%i], %f : {H}\n"
                       f"  %e{k} = tensor.extract %r{k}[%c] : tensor<4xf32>\n"),
    "read (value unused)": (f"%h: {H}, %i: index, %f: !ta.flow",
                            lambda k: f"  %r{k} = ta.read %h[%i], %f : {H}\n"),
    "write (accumulator)": (f"%h: {G}, %i: index, %v: tensor<4xf32>, %f: !ta.flow",
                            lambda k: f"  %f{k} = ta.write %h[%i], %v, %f : {G}, tensor<4xf32>\n"),
    "read (accumulator)": (f"%h: {G}, %i: index, %f: !ta.flow, %c: index",
                           lambda k: f"  %r{k} = ta.read %h[%i], %f : {G}\n"
                                     f"  %e{k} = tensor.extract %r{k}[%c] : tensor<4xf32>\n"),
    "gather": (f"%h: {H}, %i: tensor<?xi32>, %f: !ta.flow",
               lambda k: f"  %r{k} = ta.gather %h[%i], %f : {H}, tensor<?xi32>\n"),
    "gather (accumulator)": (f"%h: {G}, %i: tensor<?xi32>, %f: !ta.flow",
                             lambda k: f"  %r{k} = ta.gather %h[%i], %f : {G}, tensor<?xi32>\n"),
    "scatter": (f"%h: {H}, %i: tensor<?xi32>, %v: tensor<?x4xf32>, %f: !ta.flow",
                lambda k: f"  %f{k} = ta.scatter %h[%i], %v, %f : {H}, tensor<?xi32>, tensor<?x4xf32>\n"),
    "concat": (f"%h: {H}, %f: !ta.flow",
               lambda k: f"  %r{k}, %l{k} = ta.concat %h, %f : {H}\n"),
    "split": (f"%h: {H}, %v: tensor<?xf32>, %l: tensor<?xi64>, %f: !ta.flow",
              lambda k: f"  %f{k} = ta.split %h, %v, %l, %f : {H}, tensor<?xf32>, tensor<?xi64>\n"),
    "grad": (f"%h: {H}, %f: !ta.flow",
             lambda k: f"  %g{k}, %gf{k} = ta.grad %h, %f source \"s\" : {H}\n"),
}


def module(args, use, k):
    body = "".join(use(j) for j in range(k))
    return f"func.func @f({args}) {{\n{body}  return\n}}\n"


def count(ta_opt, text, checks):
    out = subprocess.run([ta_opt, "-", f"--ta-lower-to-llvm=checks={checks}"],
                         input=text, capture_output=True, text=True, check=True).stdout
    user = shared = 0
    current = None
    for line in out.splitlines():
        s = line.strip()
        if s.startswith("llvm.func ") and s.endswith("{"):
            current = "shared" if s.startswith("llvm.func internal ") else "user"
        elif line.startswith("  }"):
            current = None
        elif current == "user" and s and not s.startswith("^"):
            user += 1
        elif current == "shared" and s and not s.startswith("^"):
            shared += 1
    return user, shared


def main():
    ta_opt = sys.argv[1]
    rows = ["| ta op | none: at each use | none: once per module | "
            "strict: at each use | strict: once per module |",
            "|---|---|---|---|---|"]
    for name, (args, use) in OPS.items():
        cells = []
        for checks in ("none", "strict"):
            u1, s1 = count(ta_opt, module(args, use, 1), checks)
            u2, _ = count(ta_opt, module(args, use, 1 + STEP), checks)
            cells += [f"{(u2 - u1) / STEP:g}", str(s1)]
        rows.append(f"| {name} | " + " | ".join(cells) + " |")
    table = "\n".join(rows) + "\n"
    if len(sys.argv) > 2:
        open(sys.argv[2], "w").write(table)
    print(table, end="")


if __name__ == "__main__":
    main()
