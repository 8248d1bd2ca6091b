#!/usr/bin/env bash
# The CPU benchmark suite, one command: bench/cpu/run.sh [--quick]
# Installs what is missing (utils/setup.sh, python3-matplotlib for plots),
# builds ta, builds the kernels (gen.py, build.sh), runs them (driver.c:
# floor, ta checks=none, ta strict, upstream MLIR, interleaved, outputs
# checked), measures compile-time scaling (compile_time.py) and writes
# bench/results/cpu.md and PNG plots. Never part of the test command.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
./utils/setup.sh
if ! dpkg-query -W -f='${Status}' python3-matplotlib 2>/dev/null | grep -q "install ok installed"; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get install -y -qq --no-install-recommends python3-matplotlib >/dev/null ||
    echo "run.sh: python3-matplotlib not installed: no plots"
fi
./utils/build.sh
work=build/bench-cpu
MiB=262144  # 4-byte elements per MiB
configs=()
for op in wr gs sc acc; do
  # element 4 B: 1 KiB, 1 MiB, 16 MiB arrays (larger ones: see cpu.md)
  configs+=("$op:1:256" "$op:1:$MiB" "$op:1:$((16 * MiB))")
  # element 16 B: 1 KiB, 1 MiB, 16 MiB
  configs+=("$op:4:64" "$op:4:$((MiB / 4))" "$op:4:$((4 * MiB))")
  # element 256 B: 1 KiB .. 256 MiB
  configs+=("$op:64:4" "$op:64:4096" "$op:64:$((64 * 4096))" "$op:64:$((256 * 4096))")
  # element 64 KiB: 1 MiB .. 256 MiB
  configs+=("$op:16384:16" "$op:16384:1024" "$op:16384:4096")
done
# Write/read with loops of a trip count only the run time knows: 16 B in
# 1 MiB, 256 B in 1 MiB and 64 MiB.
configs+=("wrd:4:$((MiB / 4))" "wrd:64:4096" "wrd:64:$((64 * 4096))")
# Unstack into a growable array (a scatter of 0..N-1 that grows it), then
# the gather of gs: 16 B and 256 B in 1 MiB.
configs+=("gsg:4:$((MiB / 4))" "gsg:64:4096")
# Ragged: split into / concat of 4096 elements of 1..64 rows of 256 B.
configs+=("rc:64:4096")
# Scaling: write/read per element at 1K .. 1M elements of 64 B, fixed size
# (swr), growable from empty written by an scf.for (wrg: capacity reserved)
# and by an scf.while (wrw: grown).
for n in 1024 16384 262144 1048576; do
  configs+=("swr:16:$n" "wrg:16:$n" "wrw:16:$n")
done
reps=5
processes=3
sizes=(1000 10000 100000)
if [[ ${1:-} == --quick ]]; then
  configs=(wr:1:256 wr:64:4096 gs:64:4096 sc:16384:16 acc:64:4096 swr:16:1024 wrg:16:1024 wrw:16:1024)
  reps=3
  processes=1
  sizes=(1000 2000)
fi
bench/cpu/build.sh "$work" "${configs[@]}"
# One process per configuration: none inherits another one's heap. Each
# configuration runs in $processes processes, one round over all of them
# after the other, and report.py takes the median of their ratios: a
# single process of a small configuration once timed its floor at three
# times what the same command gave right after (acc 16 B in 1 KiB: 221-266
# against 77-79 ns).
: > "$work/results.txt"
for round in $(seq "$processes"); do
  for i in "${!configs[@]}"; do
    "$work/ta-cpu-bench" --reps "$reps" --config "$i" | tee -a "$work/results.txt"
  done
done
/usr/bin/python3 bench/cpu/compile_time.py build/ci/bin/ta-opt "$work/compile" --reps 1 \
  --strict-max 10000 "${sizes[@]}" | tee -a "$work/results.txt"
/usr/bin/python3 bench/cpu/report.py "$work/results.txt" bench/results bench/cpu/run.sh "$@"
