#!/usr/bin/env python3
"""Compares what a test program printed with the values TensorFlow computed.

    mlir-runner ... | python3 check.py TEST_FILE

TEST_FILE holds one EXPECT line per result, in the order the program prints
them (long ones continue on EXPECT-CONT lines):

    // EXPECT: <index> <f32|i32|i64> <shape: 3x2, 0x2 or scalar> <bound> <words>
    // EXPECT-CONT: <words>

The words are the result's elements in row-major order, as exact bits in hex:
8 digits for an f32 or i32 element, 16 for an i64 element. stdin is the
runner's output: one printMemrefI32 (f32 results are bitcast to i32 first) or
printMemrefI64 block per result, each a header line

    Unranked Memref base@ = 0x... rank = R offset = O sizes = [..] strides = [..] data =

followed by the elements as nested brackets. A rank-0 memref prints `[v]`; a
memref with a zero size still prints one bracketed element per dimension,
which is not data and is skipped.

The bound is ulp=N or maxulp=N. f32 elements match when their bits are
equal, or, with ulp=N > 0, when they are at most N units in the last place
apart, or, with maxulp=N, when they are at most N units in the last place
of the result's largest magnitude apart (the bound of a sum whose terms
cancel: its error scales with the terms, not with the sum). NaN and
infinity only match bitwise. Integers match bitwise. Prints one line per result and exits 1 on
any mismatch, missing or extra result, or output it cannot parse.

Runs with a plain python3 (no numpy, no TensorFlow).
"""

import math
import re
import struct
import sys

HEADER = re.compile(
    r"Unranked Memref base@ = 0x[0-9a-fA-F]+ rank = (\d+) offset = (\d+) "
    r"sizes = \[([^\]]*)\] strides = \[([^\]]*)\] data =")
WIDTH = {"f32": 32, "i32": 32, "i64": 64}


class Failure(Exception):
    pass


class Expected:
    def __init__(self, index, dtype, shape, ulp, line, scaled=False):
        self.index, self.dtype, self.shape, self.ulp = index, dtype, shape, ulp
        self.scaled = scaled  # maxulp=N: ulps of the largest magnitude
        self.words = []
        self.line = line

    def shape_text(self):
        return format_shape(self.shape)


def format_shape(shape):
    return "x".join(str(d) for d in shape) if shape else "scalar"


def product(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def parse_expectations(path):
    """The EXPECT lines of `path`, as a list of Expected."""
    results = []
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    for lineno, line in enumerate(lines, 1):
        text = line.strip()
        where = "%s:%d" % (path, lineno)
        if text.startswith("// EXPECT-CONT:"):
            if not results:
                raise Failure("%s: EXPECT-CONT without an EXPECT line before it" % where)
            results[-1].words += text[len("// EXPECT-CONT:"):].split()
            continue
        if not text.startswith("// EXPECT:"):
            continue
        fields = text[len("// EXPECT:"):].split()
        if len(fields) < 4:
            raise Failure("%s: an EXPECT line needs <index> <dtype> <shape> <bound>" % where)
        index, dtype, shape, ulp = fields[:4]
        if not index.isdigit() or int(index) != len(results):
            raise Failure("%s: result index %s, expected %d" % (where, index, len(results)))
        if dtype not in WIDTH:
            raise Failure("%s: dtype %r is not one of f32, i32, i64" % (where, dtype))
        if shape == "scalar":
            dims = []
        elif re.fullmatch(r"\d+(x\d+)*", shape):
            dims = [int(d) for d in shape.split("x")]
        else:
            raise Failure("%s: shape %r is not like 3x2 or scalar" % (where, shape))
        m = re.fullmatch(r"(max)?ulp=(\d+)", ulp)
        if not m:
            raise Failure("%s: %r is not ulp=<N> or maxulp=<N>" % (where, ulp))
        if dtype != "f32" and (int(m.group(2)) != 0 or m.group(1)):
            raise Failure("%s: an integer result needs ulp=0" % where)
        e = Expected(len(results), dtype, dims, int(m.group(2)), where,
                     scaled=bool(m.group(1)))
        e.words = fields[4:]
        results.append(e)
    if not results:
        raise Failure("%s: no EXPECT lines" % path)
    for e in results:
        digits = WIDTH[e.dtype] // 4
        for w in e.words:
            if not re.fullmatch(r"[0-9a-fA-F]{%d}" % digits, w):
                raise Failure("%s: %r is not %d hex digits (%s)" % (e.line, w, digits, e.dtype))
        if len(e.words) != product(e.shape):
            raise Failure("%s: %d words for shape %s (%d elements)"
                          % (e.line, len(e.words), e.shape_text(), product(e.shape)))
        e.bits = [int(w, 16) for w in e.words]
    return results


def parse_output(text):
    """The runner's printed memrefs, as a list of (shape, [signed ints])."""
    blocks = []
    pos = 0
    while True:
        m = HEADER.search(text, pos)
        stray = text[pos:m.start() if m else len(text)].strip()
        if stray:
            raise Failure("unexpected runner output: %r" % stray[:200])
        if not m:
            return blocks
        rank = int(m.group(1))
        sizes = [int(s) for s in m.group(3).replace(",", " ").split()]
        if len(sizes) != rank:
            raise Failure("memref %d: rank %d but sizes [%s]" % (len(blocks), rank, m.group(3)))
        # The data: one balanced bracket group of integers.
        pos = m.end()
        depth = 0
        values = []
        token = re.compile(r"\s*(\[|\]|,|[^\s\[\],]+)")
        while True:
            t = token.match(text, pos)
            if not t:
                if not text[pos:].strip():
                    raise Failure("memref %d: the output ends inside its data" % len(blocks))
                raise Failure("memref %d: cannot parse its data at %r"
                              % (len(blocks), text[pos:pos + 40].strip()))
            pos = t.end()
            tok = t.group(1)
            if tok == "[":
                depth += 1
            elif tok == "]":
                depth -= 1
                if depth < 0:
                    raise Failure("memref %d: unbalanced ']'" % len(blocks))
                if depth == 0:
                    break
            elif tok != ",":
                if not re.fullmatch(r"-?\d+", tok):
                    raise Failure("memref %d: %r in its data is not an integer"
                                  % (len(blocks), tok))
                if depth == 0:
                    raise Failure("memref %d: a value outside brackets" % len(blocks))
                values.append(int(tok))
        if product(sizes) == 0:
            values = []  # the printer shows one element per dim anyway
        elif len(values) != product(sizes):
            raise Failure("memref %d: %d values for sizes %s"
                          % (len(blocks), len(values), sizes))
        blocks.append((sizes, values))


def ordered(bits):
    """An f32 bit pattern mapped to an integer that is monotonic in its value."""
    return -(bits & 0x7FFFFFFF) if bits & 0x80000000 else bits


def is_nan_or_inf(bits):
    return bits & 0x7F800000 == 0x7F800000


def describe(dtype, bits):
    if dtype == "f32":
        import struct
        value = struct.unpack("<f", struct.pack("<I", bits))[0]
        return "%08x (%r)" % (bits, value)
    if dtype == "i32":
        return "%08x (%d)" % (bits, bits - (1 << 32) if bits >> 31 else bits)
    return "%016x (%d)" % (bits, bits - (1 << 64) if bits >> 63 else bits)


def unravel(flat, shape):
    index = []
    for d in reversed(shape):
        index.append(flat % d)
        flat //= d
    return "[" + ",".join(str(i) for i in reversed(index)) + "]"


def as_float(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def ulp_of(x):
    """The f32 unit in the last place of |x| (of the smallest normal for
    smaller values)."""
    _, exponent = math.frexp(max(abs(x), 2.0 ** -126))
    return 2.0 ** (exponent - 24)


def compare(e, shape, values):
    """Checks one result; returns the line to print, raises Failure on a mismatch."""
    head = "result %d: %s %s" % (e.index, e.dtype, e.shape_text())
    if shape != e.shape:
        raise Failure("%s: printed shape %s, expected %s"
                      % (head, format_shape(shape), e.shape_text()))
    mask = (1 << WIDTH[e.dtype]) - 1
    got = [v & mask for v in values]
    worst = 0
    bad = []
    scale = None
    if e.scaled:
        finite = [abs(as_float(x)) for x in e.bits if not is_nan_or_inf(x)]
        scale = ulp_of(max(finite, default=0.0))
    for i, (g, x) in enumerate(zip(got, e.bits)):
        if g == x:
            continue
        if e.dtype == "f32" and e.ulp > 0 and not is_nan_or_inf(g) and not is_nan_or_inf(x):
            if scale is not None:
                d = math.ceil(abs(as_float(g) - as_float(x)) / scale)
            else:
                d = abs(ordered(g) - ordered(x))
            worst = max(worst, d)
            if d <= e.ulp:
                continue
            bad.append((i, g, x, "%d ulp" % d))
        else:
            bad.append((i, g, x, "bits differ"))
    n = len(e.bits)
    noun = "value" if n == 1 else "values"
    if e.dtype == "f32":
        summary = "%s, %d %s, max %d ulp%s (bound %d)" % (
            head, n, noun, worst, " of the largest" if e.scaled else "", e.ulp)
    else:
        summary = "%s, %d %s, exact" % (head, n, noun)
    if bad:
        lines = ["%s: MISMATCH in %d of %d %s" % (summary, len(bad), n, noun)]
        for i, g, x, why in bad[:10]:
            lines.append("  at %s: got %s, expected %s: %s"
                         % (unravel(i, e.shape), describe(e.dtype, g), describe(e.dtype, x), why))
        if len(bad) > 10:
            lines.append("  ... and %d more" % (len(bad) - 10))
        raise Failure("\n".join(lines))
    return summary + ": ok"


def main(argv):
    if len(argv) != 2:
        print("usage: check.py TEST_FILE < runner-output", file=sys.stderr)
        return 2
    try:
        expected = parse_expectations(argv[1])
        blocks = parse_output(sys.stdin.read())
    except Failure as f:
        print("error: %s" % f)
        return 1
    failed = 0
    for i, e in enumerate(expected):
        if i >= len(blocks):
            print("result %d: %s %s: MISSING (the program printed %d results, expected %d)"
                  % (i, e.dtype, e.shape_text(), len(blocks), len(expected)))
            failed += 1
            continue
        try:
            print(compare(e, *blocks[i]))
        except Failure as f:
            print(f)
            failed += 1
    if len(blocks) > len(expected):
        print("EXTRA: the program printed %d results, expected %d"
              % (len(blocks), len(expected)))
        failed += 1
    if failed:
        print("FAILED: %d problem(s) in %s" % (failed, argv[1]))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
