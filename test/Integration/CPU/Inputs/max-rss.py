"""Runs a command and checks the most memory it held.

Usage: max-rss.py LIMIT_MB COMMAND...

Passes the command's output and exit status through, then prints
"max-rss: below LIMIT_MB MB" or "max-rss: N MB, over LIMIT_MB MB" (on
stderr) from the child's peak resident set (getrusage), and exits 1 in the
second case.
"""

import resource
import subprocess
import sys

limit = int(sys.argv[1])
status = subprocess.call(sys.argv[2:])
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
if peak >= limit:
    print(f"max-rss: {peak} MB, over {limit} MB", file=sys.stderr)
    sys.exit(1)
print(f"max-rss: below {limit} MB", file=sys.stderr)
sys.exit(status)
