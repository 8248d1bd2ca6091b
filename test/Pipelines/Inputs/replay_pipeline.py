"""Replays a pipeline from its textual form: runs TA_OPT INPUT with the
pipeline option OPTION and --dump-pass-pipeline, then runs the printed
pipeline as --pass-pipeline on the same input and compares the two outputs
(the NVVM pipeline's gpu.binary properties, ptxas's timings, left out).
Usage: replay_pipeline.py TA_OPT INPUT OPTION"""

import re
import subprocess
import sys


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr}")
    return result


def normalized(text):
    return re.sub(r"properties = \{[^}]*\}", "properties = {...}", text)


ta_opt, source, option = sys.argv[1:4]
direct = run([ta_opt, source, option, "--dump-pass-pipeline"])
lines = direct.stderr.splitlines()
if not lines or not lines[0].startswith("Pass Manager with"):
    sys.exit(f"no pipeline printed:\n{direct.stderr}")
pipeline = " ".join(line.strip() for line in lines[1:])
replayed = run([ta_opt, source, f"--pass-pipeline={pipeline}"])
if normalized(direct.stdout) != normalized(replayed.stdout):
    sys.exit(f"the replayed pipeline printed other IR:\n{pipeline}")
names = re.split(r"[(),]", re.sub(r"\{[^}]*\}", "", pipeline))
passes = [n.strip() for n in names if n.strip() and "." not in n]
print(f"replayed {len(passes)} passes: same output")
