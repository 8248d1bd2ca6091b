#!/usr/bin/env python3
"""Generates the CPU benchmark's kernels for a list of configurations.

Every configuration is (op, E, N): an array of N elements of tensor<Exf32>.
Each op is written three ways that move exactly the same data and return the
same N x E result:

  ta_<op>_<id>     ta ops (compiled twice: checks=none and checks=strict)
  up_<op>_<id>     upstream MLIR without ta: tensor.insert_slice /
                   extract_slice in scf.for on a tensor "array",
                   one-shot-bufferized (what a user would write instead)
  floor_<op>_<id>  hand-written C doing the same memory traffic (the floor):
                   its array is a buffer the driver allocates once and
                   passes to every call (`scratch`: what a runtime that
                   keeps its memory approaches), zeroed with memset where
                   the op needs zeros; a compiler barrier after filling the
                   array keeps clang from deleting it (wr and sc were one
                   memmove)

Ops:
  wr   write every slot from the input, then read every slot into the output
  gs   scatter the input through a permutation, gather it back through it
  sc   split the flat input into N elements, concat them
  acc  scatter the input twice into a gradient accumulator (the sum of two
       scatters), gather it: the output is 2 * input
  wrd  wr with loops whose trip count only the run time knows (the larger
       of N and perm[0], which is N): what a loop over a tensor of unknown
       size is; the floor's loops are wr's
  swr  wr, for the scaling table (time per element over array sizes)
  wrg  wr on a growable array that starts empty (dynamic_size), written
       by an scf.for (its first use: ta reserves the loop's capacity
       before it); the floor grows a C array by doubling, copying it into
       the other half of its kept buffer each time; no upstream
       formulation
  wrw  wrg with the writes in an scf.while loop whose condition its body
       computes (a loop whose trip count only its iterations tell, as a
       TensorFlow loop on a data-dependent condition; a counted one,
       `i < n`, becomes an scf.for, ta-uplift-counted-loops): nothing
       reserved, the array grows as it is written (the amortised cost of
       growth); the floor's is wrg's
  gsg  unstack into a growable array that starts empty (dynamic_size): a
       scatter of the input at 0..N-1, which grows it (ta reserves the
       capacity for the largest index first), then the gather of gs
       through the permutation; the floor copies the input in order and
       gathers it as gs's does; no upstream formulation
  rc   ragged: split the input into N elements of 1..64 rows of E floats
       (lengths drawn from a fixed seed; an element type with an open dim,
       kept by libta_runtime), concat them; the floor copies each element
       into a place of its own and back; no upstream formulation. The
       rows are the configuration's N x E input.

Writes OUT/ta.mlir, OUT/up.mlir, OUT/floor.c, OUT/configs.h.
Usage: gen.py OUT OP:E:N ...
"""

import os
import random
import sys


def ragged_lengths(slots):
    """rc's element lengths (rows), the same for every build."""
    rng = random.Random(slots)
    return [rng.randint(1, 64) for _ in range(slots)]


def ta_ragged_kernel(i, e, lengths):
    n = sum(lengths)
    t = f"tensor<{n}x{e}xf32>"
    h = f"!ta.handle<{len(lengths)}, tensor<?x{e}xf32>>"
    dense = ", ".join(map(str, lengths))
    return (f"func.func @ta_rc_{i}(%src: {t}, %perm: tensor<{n}xi32>) -> {t} "
            "attributes {llvm.emit_c_interface} {\n"
            f"  %slots = arith.constant {len(lengths)} : index\n"
            f"  %h, %f = ta.create %slots {{clear_after_read = false}} : {h}\n"
            f"  %lengths = arith.constant dense<[{dense}]> : tensor<{len(lengths)}xi64>\n"
            f"  %f1 = ta.split %h, %src, %lengths, %f : {h}, {t}, tensor<{len(lengths)}xi64>\n"
            f"  %v, %l = ta.concat %h, %f1 : {h}\n"
            f"  %out = tensor.cast %v : tensor<?x{e}xf32> to {t}\n"
            f"  ta.close %h : {h}\n"
            f"  return %out : {t}\n}}\n")


def floor_ragged_kernel(i, e, lengths):
    dense = ", ".join(map(str, lengths))
    return (f"void floor_rc_{i}(const float *src, const int32_t *perm, float *out, float *scratch) {{\n"
            f"  static const int64_t lengths[{len(lengths)}] = {{{dense}}};\n"
            f"  enum {{ slots = {len(lengths)}, e = {e} }};\n"
            "  float *element[slots];\n"
            "  size_t offset = 0;\n"
            "  for (size_t k = 0; k < slots; ++k) {\n"
            "    size_t bytes = (size_t)lengths[k] * e * 4;\n"
            "    element[k] = scratch + offset;\n"
            "    memcpy(element[k], src + offset, bytes);\n"
            "    offset += (size_t)lengths[k] * e;\n"
            "  }\n"
            "  keep(element);\n"
            "  offset = 0;\n"
            "  for (size_t k = 0; k < slots; ++k) {\n"
            "    memcpy(out + offset, element[k], (size_t)lengths[k] * e * 4);\n"
            "    offset += (size_t)lengths[k] * e;\n"
            "  }\n"
            "}\n")


def run_time_count(n):
    """`%nd`: N, as the larger of N and perm[0] (which is below N), a loop
    bound only the run time knows."""
    return (f"  %p0 = tensor.extract %perm[%c0] : tensor<{n}xi32>\n"
            "  %p0i = arith.index_cast %p0 : i32 to index\n"
            "  %nd = arith.maxsi %p0i, %n : index\n")


def ta_kernel(op, i, e, n):
    t = f"tensor<{n}x{e}xf32>"
    h = f"!ta.handle<{n}, tensor<{e}xf32>>"
    g = f"!ta.handle<{n}, tensor<{e}xf32>, grad>"
    head = (f"func.func @ta_{op}_{i}(%src: {t}, %perm: tensor<{n}xi32>) -> {t} "
            "attributes {llvm.emit_c_interface} {\n"
            "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
            f"  %n = arith.constant {n} : index\n")
    if op in ("wrg", "wrw", "gsg"):
        h = f"!ta.handle<?, tensor<{e}xf32>>"
    if op == "wrd":
        head += run_time_count(n)
    if op in ("wr", "wrd", "swr", "wrg", "wrw"):
        create = (f"ta.create %c0 {{dynamic_size = true, clear_after_read = false}} : {h}"
                  if op in ("wrg", "wrw") else f"ta.create %n {{clear_after_read = false}} : {h}")
        writes = f"""  %fw = scf.for %k = %c0 to %n step %c1 iter_args(%fl = %f) -> (!ta.flow) {{
    %row = tensor.extract_slice %src[%k, 0] [1, {e}] [1, 1] : {t} to tensor<{e}xf32>
    %f2 = ta.write %h[%k], %row, %fl : {h}, tensor<{e}xf32>
    scf.yield %f2 : !ta.flow
  }}
"""
        if op == "wrw":
            writes = f"""  %first = arith.cmpi slt, %c0, %n : index
  %kn, %fw, %done = scf.while (%k = %c0, %fl = %f, %more = %first) : (index, !ta.flow, i1) -> (index, !ta.flow, i1) {{
    scf.condition(%more) %k, %fl, %more : index, !ta.flow, i1
  }} do {{
  ^bb0(%k: index, %fl: !ta.flow, %go: i1):
    %row = tensor.extract_slice %src[%k, 0] [1, {e}] [1, 1] : {t} to tensor<{e}xf32>
    %f2 = ta.write %h[%k], %row, %fl : {h}, tensor<{e}xf32>
    %k1 = arith.addi %k, %c1 : index
    %next = arith.cmpi slt, %k1, %n : index
    scf.yield %k1, %f2, %next : index, !ta.flow, i1
  }}
"""
        body = f"""  %h, %f = {create}
{writes}  %init = tensor.empty() : {t}
  %out = scf.for %k = %c0 to %n step %c1 iter_args(%o = %init) -> ({t}) {{
    %r = ta.read %h[%k], %fw : {h}
    %o2 = tensor.insert_slice %r into %o[%k, 0] [1, {e}] [1, 1] : tensor<{e}xf32> into {t}
    scf.yield %o2 : {t}
  }}
  ta.close %h : {h}
  return %out : {t}
"""
    elif op in ("gs", "gsg"):
        create = f"ta.create %n {{clear_after_read = false}} : {h}"
        scatter = "%perm"
        if op == "gsg":
            create = f"ta.create %c0 {{dynamic_size = true, clear_after_read = false}} : {h}"
            scatter = "%range"
            head += (f"  %range = tensor.generate {{\n  ^bb0(%k: index):\n"
                     "    %ki = arith.index_cast %k : index to i32\n"
                     f"    tensor.yield %ki : i32\n  }} : tensor<{n}xi32>\n")
        body = f"""  %h, %f = {create}
  %f1 = ta.scatter %h[{scatter}], %src, %f : {h}, tensor<{n}xi32>, {t}
  %out = ta.gather %h[%perm], %f1 : {h}, tensor<{n}xi32>
  ta.close %h : {h}
  return %out : {t}
"""
    elif op == "sc":
        body = f"""  %h, %f = ta.create %n {{clear_after_read = false}} : {h}
  %flat = tensor.collapse_shape %src [[0, 1]] : {t} into tensor<{n * e}xf32>
  %lengths = arith.constant dense<{e}> : tensor<{n}xi64>
  %f1 = ta.split %h, %flat, %lengths, %f : {h}, tensor<{n * e}xf32>, tensor<{n}xi64>
  %v, %l = ta.concat %h, %f1 : {h}
  %out = tensor.expand_shape %v [[0, 1]] output_shape [{n}, {e}] : tensor<{n * e}xf32> into {t}
  ta.close %h : {h}
  return %out : {t}
"""
    elif op == "acc":
        body = f"""  %h, %f = ta.create %n : {h}
  %gh, %gf = ta.grad %h, %f source "bench" : {h}
  %g1 = ta.scatter %gh[%perm], %src, %gf : {g}, tensor<{n}xi32>, {t}
  %g2 = ta.scatter %gh[%perm], %src, %g1 : {g}, tensor<{n}xi32>, {t}
  %out = ta.gather %gh[%perm], %g2 : {g}, tensor<{n}xi32>
  ta.close %gh : {g}
  ta.close %h : {h}
  return %out : {t}
"""
    if op == "wrd":
        body = body.replace("to %n step", "to %nd step")
    return head + body + "}\n"


def up_kernel(op, i, e, n):
    t = f"tensor<{n}x{e}xf32>"
    row = f"tensor<1x{e}xf32>"
    head = (f"func.func @up_{op}_{i}(%src: {t}, %perm: tensor<{n}xi32>) -> {t} "
            "attributes {llvm.emit_c_interface} {\n"
            "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
            f"  %n = arith.constant {n} : index\n")

    def loop(dst, src, src_index, dst_index, update=None, result="%arr"):
        extra = ""
        value = "%row"
        if update:
            extra = (f"    %old = tensor.extract_slice %a[{dst_index}, 0] [1, {e}] [1, 1] : {t} to {row}\n"
                     f"    %sum = arith.addf %old, %row : {row}\n")
            value = "%sum"
        return (f"  {result} = scf.for %k = %c0 to %n step %c1 iter_args(%a = {dst}) -> ({t}) {{\n"
                + ("    %pi = tensor.extract %perm[%k] : tensor<{}xi32>\n"
                   "    %p = arith.index_cast %pi : i32 to index\n".format(n)
                   if "%p" in (src_index + dst_index) else "")
                + f"    %row = tensor.extract_slice {src}[{src_index}, 0] [1, {e}] [1, 1] : {t} to {row}\n"
                + extra
                + f"    %a2 = tensor.insert_slice {value} into %a[{dst_index}, 0] [1, {e}] [1, 1] : {row} into {t}\n"
                + f"    scf.yield %a2 : {t}\n  }}\n")

    if op == "wrd":
        head += run_time_count(n)
    if op in ("wr", "wrd", "swr", "sc"):
        body = (f"  %empty = tensor.empty() : {t}\n"
                + loop("%empty", "%src", "%k", "%k")
                + f"  %init = tensor.empty() : {t}\n"
                + loop("%init", "%arr", "%k", "%k", result="%out")
                + f"  return %out : {t}\n")
    elif op == "gs":
        body = (f"  %empty = tensor.empty() : {t}\n"
                + loop("%empty", "%src", "%k", "%p")
                + f"  %init = tensor.empty() : {t}\n"
                + loop("%init", "%arr", "%p", "%k", result="%out")
                + f"  return %out : {t}\n")
    elif op == "acc":
        body = (f"  %empty = tensor.empty() : {t}\n"
                "  %zero = arith.constant 0.0 : f32\n"
                f"  %z = linalg.fill ins(%zero : f32) outs(%empty : {t}) -> {t}\n"
                + loop("%z", "%src", "%k", "%p", update=True, result="%a1")
                + loop("%a1", "%src", "%k", "%p", update=True, result="%arr")
                + f"  %init = tensor.empty() : {t}\n"
                + loop("%init", "%arr", "%p", "%k", result="%out")
                + f"  return %out : {t}\n")
    if op == "wrd":
        body = body.replace("to %n step", "to %nd step")
    return head + body + "}\n"


def pow2ceil(n):
    p = 1
    while p < n:
        p *= 2
    return p


def scratch_floats(op, e, n):
    """Floats of the floor's kept buffer: the array (two of the growable
    ones' largest capacity for wrg and wrw, which double into each other)."""
    return 2 * pow2ceil(n) * e if op in ("wrg", "wrw") else n * e


def floor_kernel(op, i, e, n):
    row = e * 4
    sig = (f"void floor_{op}_{i}(const float *src, const int32_t *perm, float *out, float *scratch) {{\n"
           f"  const size_t n = {n}, e = {e};\n")
    if op in ("wrg", "wrw"):
        body = ("  float *arr = NULL;\n  size_t capacity = 0;\n  int half = 0;\n"
                "  for (size_t k = 0; k < n; ++k) {\n"
                "    if (k == capacity) {\n"
                "      capacity = capacity ? 2 * capacity : 1;\n"
                f"      float *grown = scratch + (half ^= 1) * {pow2ceil(n)} * e;\n"
                "      if (k) memcpy(grown, arr, k * e * 4);\n"
                "      arr = grown;\n"
                "    }\n"
                f"    memcpy(arr + k * e, src + k * e, {row});\n"
                "  }\n"
                "  keep(arr);\n"
                f"  for (size_t k = 0; k < n; ++k) memcpy(out + k * e, arr + k * e, {row});\n")
    elif op in ("wr", "wrd", "swr", "sc"):
        body = (f"  float *arr = scratch;\n"
                f"  for (size_t k = 0; k < n; ++k) memcpy(arr + k * e, src + k * e, {row});\n"
                "  keep(arr);\n"
                f"  for (size_t k = 0; k < n; ++k) memcpy(out + k * e, arr + k * e, {row});\n")
    elif op == "gsg":
        body = (f"  float *arr = scratch;\n"
                f"  for (size_t k = 0; k < n; ++k) memcpy(arr + k * e, src + k * e, {row});\n"
                "  keep(arr);\n"
                f"  for (size_t k = 0; k < n; ++k) memcpy(out + k * e, arr + (size_t)perm[k] * e, {row});\n")
    elif op == "gs":
        body = (f"  float *arr = scratch;\n"
                f"  for (size_t k = 0; k < n; ++k) memcpy(arr + (size_t)perm[k] * e, src + k * e, {row});\n"
                "  keep(arr);\n"
                f"  for (size_t k = 0; k < n; ++k) memcpy(out + k * e, arr + (size_t)perm[k] * e, {row});\n")
    elif op == "acc":
        body = ("  float *acc = scratch;\n"
                "  memset(acc, 0, n * e * 4);\n"
                "  for (int r = 0; r < 2; ++r)\n"
                "    for (size_t k = 0; k < n; ++k) {\n"
                "      float *d = acc + (size_t)perm[k] * e;\n"
                "      const float *s = src + k * e;\n"
                "      for (size_t j = 0; j < e; ++j) d[j] += s[j];\n"
                "    }\n"
                "  keep(acc);\n"
                f"  for (size_t k = 0; k < n; ++k) memcpy(out + k * e, acc + (size_t)perm[k] * e, {row});\n")
    return sig + body + "}\n"


def main():
    out, configs = sys.argv[1], sys.argv[2:]
    os.makedirs(out, exist_ok=True)
    ta, up = [], []
    floor = ["#include <stdint.h>", "#include <stdlib.h>", "#include <string.h>", "",
             "/* The array is stored and loaded back, as a TensorArray's is: without",
             "   this barrier clang -O3 turns wr and sc into one memmove from the",
             "   input to the output and the floor moves half the bytes. */",
             "static inline void keep(void *p) { __asm__ volatile(\"\" : : \"r\"(p) : \"memory\"); }",
             ""]
    header = []
    for i, config in enumerate(configs):
        op, e, n = config.split(":")
        e, n = int(e), int(n)
        if op == "rc":
            lengths = ragged_lengths(n)
            n = sum(lengths)
            ta.append(ta_ragged_kernel(i, e, lengths))
            floor.append(floor_ragged_kernel(i, e, lengths))
            header.append(f'CONFIG({op}, {i}, {n}, {e}, {4 * n * e * 4}, 0, {n * e})')
            continue
        ta.append(ta_kernel(op, i, e, n))
        # The upstream formulation copies the whole array per iteration in
        # some shapes (and, without a deallocation pass, keeps every copy):
        # past 64 MiB with many slots it would run for hours or exhaust
        # memory, so it is left out there (reported as skipped).
        with_upstream = (n * e * 4 <= 64 * 2**20 or n <= 64) and op not in ("wrg", "wrw", "gsg")
        if with_upstream:
            up.append(up_kernel(op, i, e, n))
        floor.append(floor_kernel(op, i, e, n))
        # Bytes each op must move: wr/gs/sc in and out (2 copies of the
        # array, read + write each); acc two read-modify-writes and a copy.
        moved = {"wr": 4, "wrd": 4, "swr": 4, "wrg": 4, "wrw": 4, "gs": 4, "gsg": 4, "sc": 4, "acc": 8}[op] * n * e * 4
        header.append(f'CONFIG({op}, {i}, {n}, {e}, {moved}, {int(with_upstream)}, '
                      f'{scratch_floats(op, e, n)})')
    open(os.path.join(out, "ta.mlir"), "w").write("\n".join(ta))
    # An empty module when every upstream kernel is left out.
    open(os.path.join(out, "up.mlir"), "w").write("\n".join(up) or "module {}\n")
    open(os.path.join(out, "floor.c"), "w").write("\n".join(floor))
    open(os.path.join(out, "configs.h"), "w").write("\n".join(header) + "\n")


if __name__ == "__main__":
    main()
