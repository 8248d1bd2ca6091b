#!/usr/bin/env python3
"""Lists the GPU bundle's test cases: every program run that the CPU
integration tests and the examples' tests make, read from their RUN lines.

Usage: cases.py ROOT TESTFILE...

Each RUN line that executes a lowered program (`%run_cpu -e ENTRY`) is one
case, printed as

    name|program|ta-opt flags|pipeline options|entry|env|check file|check args

where the ta-opt flags are those before the pipeline (--ta-import-tf, say),
the pipeline options those of --ta-lower-to-llvm (checks=none, say), env the
variables the RUN line sets, and the check file and arguments what FileCheck
is given. The GPU bundle builds each (program, flags, options) once for the
CPU and once for the GPU, and runs every case on both.
"""

import os
import re
import shlex
import sys

LOWER = re.compile(r"^--ta-lower-to-llvm(?:=(.*))?$")


def parse_ta_opt(words, source, root):
    """(program, flags, options) of a `ta-opt ... --ta-lower-to-llvm ...`."""
    program, flags, options = None, [], ""
    for word in words[1:]:
        m = LOWER.match(word)
        if m:
            options = m.group(1) or ""
        elif word.startswith("-"):
            flags.append(word)
        else:
            program = word.replace("%s", source).replace("%ta_src_root", root)
    return program, " ".join(flags), options


CPU_ONLY = re.compile(r"//\s*GPU-BUNDLE:\s*cpu-only\b")


def cases(root, source):
    lowered = {}  # %t file -> (program, flags, options)
    with open(source) as f:
        text = f.read()
    # A test whose programs do not lower for the GPU yet says why, with
    # `// GPU-BUNDLE: cpu-only (reason)`: no case of it is bundled.
    if CPU_ONLY.search(text):
        return []
    lines = [m.group(1) for m in (re.search(r"//\s*RUN:\s*(.*)$", l)
                                  for l in text.splitlines()) if m]
    for line in lines:
        stages = [shlex.split(s) for s in line.split("|")]
        first = stages[0]
        if first[:1] == ["ta-opt"] and ">" in first:
            out = first[first.index(">") + 1]
            lowered[out] = parse_ta_opt(first[: first.index(">")], source, root)
            continue
        # The stage that runs the program, and what it runs.
        env, run, built = [], None, None
        if first[:1] == ["ta-opt"] and any(LOWER.match(w) for w in first):
            built = parse_ta_opt(first, source, root)
            stages = stages[1:]
        if not stages:
            continue
        words = stages[0]
        while words and (words[0] == "env" or "=" in words[0] or words[0] == "not"):
            if "=" in words[0]:
                env.append(words[0])
            words = words[1:]
        if words[:1] != ["%run_cpu"] or "-e" not in words:
            continue
        entry = words[words.index("-e") + 1]
        if built is None:
            target = next((w for w in words if w.startswith("%t")), None)
            if target not in lowered:
                continue
            built = lowered[target]
        check = stages[-1]
        if check[:1] != ["FileCheck"]:
            continue
        check_file = check[1].replace("%s", source).replace("%ta_src_root", root)
        check_args = " ".join(check[2:])
        program, flags, options = built
        yield program, flags, options, entry, " ".join(env), check_file, check_args


def main():
    root = os.path.abspath(sys.argv[1])
    names = set()
    for source in sys.argv[2:]:
        source = os.path.abspath(source)
        stem = os.path.splitext(os.path.basename(source))[0].replace("_", "-")
        for program, flags, options, entry, env, check_file, check_args in cases(
            root, source
        ):
            name = f"{stem}-{entry}".replace("_", "-")
            if options:
                name += "-" + re.sub(r"[^a-z0-9]+", "-", options.split("=")[-1])
            base, n = name, 2
            while name in names:
                name, n = f"{base}-{n}", n + 1
            names.add(name)
            print("|".join([name, program, flags, options, entry, env, check_file, check_args]))


if __name__ == "__main__":
    main()
