#!/usr/bin/env python3
"""Counts passed and failed tests in lit's JSON results (lit -o FILE).

Prints "PASSED FAILED". PASS and XFAIL count as passed; FAIL, XPASS,
UNRESOLVED and TIMEOUT as failed; UNSUPPORTED tests are not counted. A
missing or unreadable results file counts as one failure.
"""
import json
import sys

GOOD = {"PASS", "XFAIL", "FLAKYPASS"}
BAD = {"FAIL", "XPASS", "UNRESOLVED", "TIMEOUT"}


def main():
    try:
        with open(sys.argv[1]) as f:
            tests = json.load(f)["tests"]
    except (OSError, ValueError, KeyError) as e:
        print("lit-summary: cannot read results: %s" % e, file=sys.stderr)
        print("0 1")
        return
    passed = sum(1 for t in tests if t["code"] in GOOD)
    failed = sum(1 for t in tests if t["code"] in BAD)
    print("%d %d" % (passed, failed))


if __name__ == "__main__":
    main()
