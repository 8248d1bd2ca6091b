#!/usr/bin/env python3
"""Differential test of ta against its semantics model.

    PYTHONPATH=build/ci/python_packages /usr/bin/python3 \\
        utils/difftest/difftest.py --seed 1 --count 300

Generates random ta programs (gen.py) whose expected values or errors come
from the project's own model of the semantics (model.py), compiles them with
checks=strict and checks=none through the ta Python package, calls them and
compares:
  - programs the verifier must reject: ta.Module raises ta.DiagnosticError
    with the expected text;
  - programs that fail at run time: in strict mode the call raises
    ta.RuntimeError with TensorFlow's text (checks=none does not check:
    such programs are not run there);
  - valid programs: both modes return exactly the model's arrays (dtype,
    shape and every element).
Also runs unbatch_grad rendezvous scenarios (random batches, ids, row
orders, arrival orders, duplicate ids and empty batch indices) from Python
threads. Prints one summary line; exits 1 on any mismatch, printing the
program (and --dump DIR writes each mismatching one to a file).
"""

import argparse
import os
import sys
import threading
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ta  # noqa: E402
from gen import Program, UnbatchScenario  # noqa: E402
from gen_open import OpenProgram  # noqa: E402

MODULE_SIZE = 40


class Report:
    def __init__(self, dump):
        self.mismatches = 0
        self.dump = dump
        self.calls = {"strict": 0, "none": 0}

    def mismatch(self, what, program_text, details):
        self.mismatches += 1
        print("MISMATCH: %s\n%s\n%s\n" % (what, details, program_text))
        if self.dump:
            os.makedirs(self.dump, exist_ok=True)
            path = os.path.join(self.dump, "mismatch-%d.mlir" % self.mismatches)
            with open(path, "w") as f:
                f.write("// %s\n// %s\n%s\n" % (what, details.replace("\n", "\n// "),
                                                program_text))


def describe(p):
    return "%s: outcome %s%s; arguments %r" % (
        p.name, p.outcome, (" (%s)" % p.message) if p.message else "",
        p.call_args())


def same(expected, got):
    return (isinstance(got, np.ndarray) and got.dtype == expected.dtype
            and got.shape == expected.shape and np.array_equal(got, expected))


def check_compile_errors(programs, report):
    for p in programs:
        try:
            ta.Module(p.source())
        except ta.DiagnosticError as e:
            if p.message not in str(e):
                report.mismatch(describe(p), p.source(),
                                "diagnostic does not contain the expected text:\n"
                                + str(e))
            continue
        report.mismatch(describe(p), p.source(), "no diagnostic")


def run_programs(programs, report, checks_modes):
    """Verifies each program alone, then compiles them in modules."""
    accepted = []
    for p in programs:
        try:
            ta.Module(p.source())
            accepted.append(p)
        except ta.DiagnosticError as e:
            report.mismatch(describe(p), p.source(),
                            "rejected by the verifier:\n" + str(e))
    for start in range(0, len(accepted), MODULE_SIZE):
        group = accepted[start:start + MODULE_SIZE]
        text = "\n\n".join(p.source() for p in group)
        for checks in checks_modes:
            runnable = [p for p in group if p.outcome == "value" or checks == "strict"]
            if not runnable:
                continue
            exe = ta.compile(text, checks=checks)
            for p in runnable:
                report.calls[checks] += 1
                try:
                    out = exe.call(p.name, *p.call_args())
                except ta.RuntimeError as e:
                    if p.outcome != "runtime" or str(e) != p.message:
                        report.mismatch("%s [%s]" % (describe(p), checks), p.source(),
                                        "raised ta.RuntimeError: %s" % e)
                    continue
                if p.outcome != "value":
                    report.mismatch("%s [%s]" % (describe(p), checks), p.source(),
                                    "returned instead of failing")
                    continue
                expected = p.expected()
                if out is None:
                    out = []
                elif not isinstance(out, tuple):
                    out = [out]
                if len(out) != len(expected) or not all(
                        same(e, g) for e, g in zip(expected, out)):
                    report.mismatch("%s [%s]" % (describe(p), checks), p.source(),
                                    "expected %r\ngot      %r" % (expected, list(out)))


def run_unbatch(scenarios, report):
    if not scenarios:
        return
    exe = ta.compile("\n".join(s.function() for s in scenarios))
    for s in scenarios:
        expected, completes = s.expected()
        got = {}
        owners = {}

        def call(a):
            key, original, batch, grad = s.calls[a]
            orig = np.zeros((original, s.rest), grad.dtype)
            bi = np.array([[i, 0, 0] for i in batch], np.int64).reshape(-1, 3)
            try:
                got[a] = ("value", exe.call(s.name, orig, bi, grad, key))
            except ta.RuntimeError as e:
                got[a] = ("error", str(e))

        threads = []
        for a in s.arrival:
            report.calls["strict"] += 1
            key = s.calls[a][0]
            if expected.get(a, ("wait",))[0] == "value" and s.calls[a][1] > 0:
                # An owner may wait for later calls: run it on its own thread
                # and go on once it is registered (parked) in the rendezvous.
                t = threading.Thread(target=call, args=(a,))
                t.start()
                threads.append(t)
                owners[a] = t
                deadline = time.time() + 5
                while (key not in ta.unbatch_grad_parked_ids(None, s.name)
                       and t.is_alive() and time.time() < deadline):
                    time.sleep(0.0005)
            else:
                call(a)
                if a in completes:  # the owner's result is out before going on
                    owners[completes[a]].join()
        for t in threads:
            t.join()
        ta.unbatch_grad_reset(None, s.name)
        text = "%s (%s): calls %r, arrival %r" % (s.name, s.kind, s.calls, s.arrival)
        for a in s.arrival:
            e, g = expected.get(a), got.get(a)
            ok = e is not None and g is not None and e[0] == g[0] and (
                e[1] == g[1] if e[0] == "error" else same(e[1], g[1]))
            if not ok:
                report.mismatch(text, s.function(),
                                "call %d: expected %r, got %r" % (a, e, g))


def corrupt(programs):
    """Changes the first non-empty expected array of the first valid program
    that has one, and the expected text of the first runtime error."""
    for p in programs:
        if p.outcome == "value" and any(e.size for e in p.expected()):
            e = next(e for e in p.expected() if e.size)
            e.flat[0] += 1
            print("corrupted the expected value of %s" % p.name)
            break
    for p in programs:
        if p.outcome == "runtime":
            p.message += "!"
            print("corrupted the expected error of %s" % p.name)
            break


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=300,
                        help="TensorArray programs to generate")
    parser.add_argument("--unbatch", type=int, default=40,
                        help="unbatch_grad scenarios to run")
    parser.add_argument("--open", type=int, default=0,
                        help="programs on arrays of open element shape "
                        "(gen_open.py), drawn from a generator of their own")
    parser.add_argument("--dump", help="write mismatching programs here")
    parser.add_argument("--print", action="store_true",
                        help="print every generated program")
    parser.add_argument("--corrupt", action="store_true",
                        help="self-test: change one expected value and one "
                        "expected error; the run must report both")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    programs = []
    for i in range(args.count):
        programs.append(Program(rng, "p%d" % i, rng.random() < 0.2).generate())
    open_rng = np.random.default_rng([args.seed, 1])
    for i in range(args.open):
        programs.append(OpenProgram(open_rng, "o%d" % i, False).generate())
    if args.print:
        for p in programs:
            print("// %s\n%s\n" % (describe(p), p.source()))
    if args.corrupt:
        corrupt(programs)
    scenarios = [UnbatchScenario(rng, "u%d_%d" % (args.seed, i))
                 for i in range(args.unbatch)]

    report = Report(args.dump)
    check_compile_errors([p for p in programs if p.outcome == "compile"], report)
    run_programs([p for p in programs if p.outcome != "compile"], report,
                 ["strict", "none"])
    run_unbatch(scenarios, report)

    counts = {k: sum(p.outcome == k for p in programs)
              for k in ("value", "runtime", "compile")}
    opened = [p for p in programs if isinstance(p, OpenProgram)]
    print("difftest seed %d: %d programs (%d valid, %d runtime errors, %d compile "
          "errors; %d of open element shape: %d valid), %d unbatch_grad "
          "scenarios; %d strict calls, %d none calls; %d mismatches"
          % (args.seed, len(programs), counts["value"], counts["runtime"],
             counts["compile"], len(opened),
             sum(p.outcome == "value" for p in opened), len(scenarios),
             report.calls["strict"], report.calls["none"], report.mismatches))
    return 1 if report.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
