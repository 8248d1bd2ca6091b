#!/usr/bin/env python3
"""TensorFlow as the oracle of the differential test.

    .venv/bin/python utils/difftest/tforacle.py --seed 1 --count 300

Generates the same random programs as difftest.py (gen.py, same seed, same
count), records every call the generator makes to the semantics model
(model.py) while it decides each program's outcome, and replays those calls
with TensorFlow's own TensorArray kernels (tf.raw_ops.TensorArray*V3, eager:
each op runs, and fails, where the program has it). It compares:
  - every value the model gives (read, gather, concat values and lengths,
    size) with TensorFlow's, exactly (dtype, shape, every bit);
  - every runtime error: TensorFlow must fail at the same call, and the
    model's message, which is ta's strict-mode message, must contain
    TensorFlow's (TensorArray names are compared as NAME: TensorFlow names
    arrays created without a name itself).
difftest.py checks ta against the model on the same programs, so the two
together compare ta with TensorFlow. Programs the verifier rejects are not
replayed (their outcome is ta's compile-time diagnostic).

ta's documented departures (README, "Design notes") are counted, not
reported: the size of a static-size array, which ta folds to the constant
(TensorFlow fails if the array was closed); two gradients of one array and
source with different prepended shapes (ta fails; TensorFlow hands back the
first accumulator); and concat of an accumulator whose forward array was
never split, on which TensorFlow 2.21 itself crashes (ta returns the empty
result its marked size, -1, stands for), so it is not run.

Prints one summary line; exits 1 on any mismatch, printing the program.
"""

import argparse
import os
import re
import sys
import threading

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True

from gen import Program, UnbatchScenario  # noqa: E402
from gen_open import OpenProgram  # noqa: E402
from model import RuntimeFailure  # noqa: E402

raw = tf.raw_ops


class Recorder:
    """Stands for a Model: forwards every call and records it as
    (method, args, result, error message)."""

    def __init__(self, model):
        self.model = model
        self.calls = []

    def __getattr__(self, name):
        method = getattr(self.model, name)

        def call(*args):
            # The array's element shape when the op ran (the first write of
            # an array of identical element shapes fixes it): gather and
            # concat pass it to TensorFlow as their element-shape attribute.
            shape = getattr(args[0], "element_shape", None) if args else None
            entry = {"op": name, "args": args, "result": None, "error": None,
                     "shape": shape}
            self.calls.append(entry)
            try:
                entry["result"] = method(*args)
            except RuntimeFailure as failure:
                entry["error"] = str(failure)
                raise
            return entry["result"]

        return call


class Departure(Exception):
    """A documented departure of ta from TensorFlow."""


def core_message(error):
    """TensorFlow's own text, without the eager wrapper around it."""
    text = error.message if hasattr(error, "message") else str(error)
    text = re.sub(r"^\{\{function_node [^}]*\}\}\s*", "", text)
    text = re.sub(r"\s*\[Op:[^\]]*\].*$", "", text, flags=re.S)
    return text.strip()


def normalize(text):
    return re.sub(r"TensorArray \S+?(:| has)", r"TensorArray NAME\1", text)


class Created:
    """A TensorArray (or accumulator) TensorFlow made: its handle and flow."""

    def __init__(self, handle, flow):
        self.handle, self.flow = handle, flow


class Replay:
    """One program's recorded model calls, run with TensorFlow."""

    def __init__(self):
        self.arrays = {}  # id(model array) -> [handle, flow, model array]

    def entry(self, array):
        return self.arrays[id(array)]

    def run(self, call):
        op, args = call["op"], call["args"]
        if op == "create":
            size, shape, dtype, dynamic, clear, name = args[:6]
            identical = args[6] if len(args) > 6 else False
            h, f = raw.TensorArrayV3(
                size=np.int32(size), dtype=tf.as_dtype(dtype),
                element_shape=tf.TensorShape(shape), dynamic_size=dynamic,
                clear_after_read=clear, identical_element_shapes=identical,
                tensor_array_name=name)
            return Created(h, f)
        if op == "grad":
            array, source, prepend = args
            h, f, _ = self.entry(array)
            if prepend:
                gh, gf = raw.TensorArrayGradWithShape(
                    handle=h, flow_in=f,
                    shape_to_prepend=np.array(prepend, np.int32), source=source)
            else:
                gh, gf = raw.TensorArrayGradV3(handle=h, flow_in=f, source=source)
            return Created(gh, gf)
        array = args[0]
        h, f, model_array = self.entry(array)
        dtype = tf.as_dtype(model_array.dtype)
        shape = call["shape"]  # partial: None dims, or None (unknown rank)
        if op == "write":
            _, index, value = args
            f = raw.TensorArrayWriteV3(handle=h, index=np.int32(index),
                                       value=value, flow_in=f)
            self.entry(array)[1] = f
            return None
        if op == "scatter":
            _, indices, value = args
            f = raw.TensorArrayScatterV3(
                handle=h, indices=np.array(indices, np.int32).reshape(-1),
                value=value, flow_in=f)
            self.entry(array)[1] = f
            return None
        if op == "split":
            _, value, lengths = args
            f = raw.TensorArraySplitV3(
                handle=h, value=value,
                lengths=np.array(lengths, np.int64).reshape(-1), flow_in=f)
            self.entry(array)[1] = f
            return None
        if op == "read":
            return np.asarray(raw.TensorArrayReadV3(
                handle=h, index=np.int32(args[1]), flow_in=f, dtype=dtype))
        if op == "gather":
            return np.asarray(raw.TensorArrayGatherV3(
                handle=h, indices=np.array(args[1], np.int32).reshape(-1),
                flow_in=f, dtype=dtype, element_shape=tf.TensorShape(shape)))
        if op == "concat":
            if model_array.is_grad and model_array.marked_size < 0:
                # TensorFlow reads N = the marked size, -1: it crashes
                # (SIGSEGV eager, std::bad_alloc in a graph).
                raise Departure("TensorFlow crashes: concat of an accumulator "
                                "of a never-split array")
            except0 = tf.TensorShape(None if shape is None else shape[1:])
            value, lengths = raw.TensorArrayConcatV3(
                handle=h, flow_in=f, dtype=dtype, element_shape_except0=except0)
            return np.asarray(value), np.asarray(lengths)
        if op == "size":
            return int(raw.TensorArraySizeV3(handle=h, flow_in=f).numpy())
        if op == "close":
            raw.TensorArrayCloseV3(handle=h)
            return None
        raise ValueError("unknown model call %s" % op)


def same(expected, got):
    if isinstance(expected, tuple):
        return isinstance(got, tuple) and len(got) == len(expected) and all(
            same(e, g) for e, g in zip(expected, got))
    if isinstance(expected, int):  # size
        return not isinstance(got, np.ndarray) and int(got) == expected
    expected = np.asarray(expected)  # a numpy scalar for a 0-d element
    return (isinstance(got, np.ndarray) and got.dtype == expected.dtype
            and got.shape == expected.shape
            and got.tobytes() == expected.tobytes())


def departure(call, error):
    """Whether TensorFlow's `error` at `call` is a documented departure."""
    op, args = call["op"], call["args"]
    if op == "size" and len(args) > 1 and args[1] is not None and call["error"] is None:
        return "size of a static-size array folded"
    return None


def check(program, calls):
    """None if TensorFlow agrees with the model on every call, else the
    mismatch; raises Departure for a documented one."""
    replay = Replay()
    for k, call in enumerate(calls):
        try:
            got = replay.run(call)
        except tf.errors.OpError as error:
            tf_text = normalize(core_message(error))
            if call["error"] is None:
                why = departure(call, error)
                if why:
                    raise Departure(why)
                return "call %d (%s): TensorFlow failed, the model did not: %s" % (
                    k, call["op"], tf_text)
            if tf_text not in normalize(call["error"]):
                return ("call %d (%s): messages differ\n  ta/model:   %s\n"
                        "  TensorFlow: %s" % (k, call["op"], call["error"], tf_text))
            return None
        if call["error"] is not None:
            if "gradient accumulator exists with element shape" in call["error"]:
                raise Departure("grad with another prepended shape")
            return "call %d (%s): the model failed (%s), TensorFlow did not" % (
                k, call["op"], call["error"])
        if isinstance(got, Created):
            model_array = call["result"]
            if id(model_array) not in replay.arrays:
                replay.arrays[id(model_array)] = [got.handle, got.flow, model_array]
            continue
        if call["op"] in ("read", "gather", "concat", "size"):
            if not same(call["result"], got):
                return "call %d (%s): values differ\n  model:      %r\n  TensorFlow: %r" % (
                    k, call["op"], call["result"], got)
    return None


def unbatch_core(text):
    """The model's text without its prefix (`UnbatchGrad "NAME" (id N): `)."""
    return re.sub(r'^UnbatchGrad "[^"]*" \(id -?[0-9]+\): ', "", text)


def run_unbatch(scenario, wait):
    """Replays `scenario` with TensorFlow's UnbatchGrad kernel in its arrival
    order (owners on their own threads, given `wait` seconds to register
    before the next call); returns the mismatch, or None."""
    expected, completes = scenario.expected()
    got, threads = {}, {}
    dtype = {"f32": np.float32, "i64": np.int64, "f64": np.float64}[scenario.dtype]

    def call(a):
        key, original, batch, grad = scenario.calls[a]
        orig = np.zeros((original, scenario.rest), dtype)
        bi = np.array([[i, 0, 0] for i in batch], np.int64).reshape(-1, 3)
        try:
            got[a] = ("value", np.asarray(raw.UnbatchGrad(
                original_input=orig, batch_index=bi, grad=grad, id=np.int64(key),
                shared_name="tforacle_" + scenario.name)))
        except tf.errors.OpError as error:
            got[a] = ("error", core_message(error))

    for a in scenario.arrival:
        if expected.get(a, ("wait",))[0] == "value" and scenario.calls[a][1] > 0:
            t = threading.Thread(target=call, args=(a,), daemon=True)
            t.start()
            threads[a] = t
            t.join(wait)  # registered (or done) before the next call
        else:
            call(a)
            if a in completes:
                threads[completes[a]].join(10)
    for t in threads.values():
        t.join(10)
    for a in scenario.arrival:
        e, g = expected.get(a), got.get(a)
        if g is None:
            return "call %d: TensorFlow did not return (expected %r)" % (a, e)
        if e is None or e[0] != g[0]:
            return "call %d: expected %r, TensorFlow %r" % (a, e, g)
        if e[0] == "error" and g[1] not in unbatch_core(e[1]):
            return ("call %d: messages differ\n  ta/model:   %s\n  TensorFlow: %s"
                    % (a, e[1], g[1]))
        if e[0] == "value" and not same(e[1], g[1]):
            return "call %d: values differ\n  model: %r\n  TensorFlow: %r" % (a, e[1], g[1])
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--unbatch", type=int, default=0,
                        help="unbatch_grad scenarios to replay (as difftest.py)")
    parser.add_argument("--open", type=int, default=0,
                        help="programs of open element shape (as difftest.py)")
    parser.add_argument("--wait", type=float, default=0.05,
                        help="seconds an owner gets to register its wait")
    parser.add_argument("--corrupt", action="store_true",
                        help="self-test: change one recorded value and one "
                        "recorded error; the run must report both")
    args = parser.parse_args()
    corrupt = {"value": args.corrupt, "error": args.corrupt}

    rng = np.random.default_rng(args.seed)
    counts = {"value": 0, "runtime": 0, "compile": 0}
    departures = {}
    mismatches = 0
    calls_replayed = 0
    def programs():
        # The same draws as difftest.py: Program(rng, name, rng.random() <
        # 0.2), then the open ones from a generator of their own.
        for i in range(args.count):
            yield Program(rng, "p%d" % i, rng.random() < 0.2)
        open_rng = np.random.default_rng([args.seed, 1])
        for i in range(args.open):
            yield OpenProgram(open_rng, "o%d" % i, False)

    for program in programs():
        recorder = Recorder(program.model)
        program.model = recorder
        program.generate()
        counts[program.outcome] += 1
        if program.outcome == "compile":
            continue
        calls_replayed += len(recorder.calls)
        for call in recorder.calls:
            if corrupt["value"] and call["op"] == "read" and call["error"] is None:
                call["result"] = np.asarray(call["result"]) + np.asarray(
                    1, np.asarray(call["result"]).dtype)
                corrupt["value"] = False
                print("corrupted a value of %s" % program.name)
            elif corrupt["error"] and call["error"] is not None:
                call["error"] = "ta runtime error: none"
                corrupt["error"] = False
                print("corrupted the error of %s" % program.name)
        try:
            problem = check(program, recorder.calls)
        except Departure as why:
            departures[str(why)] = departures.get(str(why), 0) + 1
            continue
        if problem:
            mismatches += 1
            print("MISMATCH: %s (outcome %s)\n%s\n%s\n" % (
                program.name, program.outcome, problem, program.source()))
    # The scenarios difftest.py draws after its programs.
    kinds = {}
    for i in range(args.unbatch):
        scenario = UnbatchScenario(rng, "u%d_%d" % (args.seed, i))
        kinds[scenario.kind] = kinds.get(scenario.kind, 0) + 1
        problem = run_unbatch(scenario, args.wait)
        if problem:
            mismatches += 1
            print("MISMATCH: %s (%s): calls %r, arrival %r\n%s\n" % (
                scenario.name, scenario.kind, scenario.calls, scenario.arrival, problem))
    print("tforacle seed %d: %d programs (%d valid, %d runtime errors, %d compile "
          "errors not replayed), %d model calls replayed with TensorFlow %s; "
          "%d unbatch_grad scenarios (%s); documented departures: %s; %d mismatches"
          % (args.seed, args.count + args.open, counts["value"], counts["runtime"],
             counts["compile"], calls_replayed, tf.__version__, args.unbatch,
             ", ".join("%s %d" % kv for kv in sorted(kinds.items())) or "none",
             ", ".join("%s %d" % kv for kv in sorted(departures.items())) or "none",
             mismatches))
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
