#!/usr/bin/env bash
# Runs what utils/gpu-bundle.sh built, on a machine with an NVIDIA GPU (no
# LLVM needed): every test executable must print exactly what its CPU twin
# printed (checked against the program's CHECK lines when the bundle was
# built) and exit with the same status; then the GPU benchmark, with
# PyTorch's figures beside it where PyTorch with CUDA is installed.
# Results go to stdout and to $OUT/gpu-results.md (OUT defaults to this
# folder). Usage: run.sh [--tests-only | --bench-only] [--reps N]
set -uo pipefail
cd "$(dirname "$0")"
tests=1 bench=1 reps=10
while (($#)); do
  case $1 in
  --tests-only) bench=0 ;;
  --bench-only) tests=0 ;;
  --reps) reps=$2 && shift ;;
  *) echo "usage: $0 [--tests-only | --bench-only] [--reps N]" >&2 && exit 2 ;;
  esac
  shift
done
if ! ./probe; then
  echo "run.sh: no CUDA device to run on" >&2
  exit 1
fi
results=${OUT:-.}/gpu-results.md
mkdir -p "$(dirname "$results")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
  echo "# ta on the GPU: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  if command -v nvidia-smi > /dev/null; then
    echo "GPU: $(nvidia-smi --query-gpu=name,memory.total,driver_version \
      --format=csv,noheader | head -1)"
  fi
  echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
  echo
} > "$results"

failed=0
if ((tests)); then
  passed=0
  echo "## Execution tests" >> "$results"
  echo >> "$results"
  for expected in tests/*.expected; do
    name=$(basename "$expected" .expected)
    status=0
    read -r -a env < "tests/$name.env"
    env "${env[@]}" timeout 300 "./tests/$name" > "$work/$name.raw" 2>&1 ||
      status=$?
    awk -f normalize.awk "$work/$name.raw" > "$work/$name.out"
    want=$(cat "tests/$name.status")
    if [[ $status == "$want" ]] && cmp -s "$expected" "$work/$name.out"; then
      passed=$((passed + 1))
      echo "PASS: $name" | tee -a "$results"
    else
      failed=$((failed + 1))
      echo "FAIL: $name (status $status, expected $want)" | tee -a "$results"
      diff "$expected" "$work/$name.out" | head -20 | tee -a "$results"
    fi
  done
  echo "$passed passed, $failed failed" | tee -a "$results"
fi

if ((bench)) && [[ -x ta-gpu-bench ]]; then
  {
    echo
    echo "## Benchmark (median of $reps runs; ta-gpu-bench --reps $reps)"
    echo
  } >> "$results"
  if ! ./ta-gpu-bench --reps "$reps" > "$work/bench.txt"; then
    echo "ta-gpu-bench failed" | tee -a "$results"
    exit 1
  fi
  shapes=$(./ta-gpu-bench --list)
  if python3 torch_bench.py --reps "$reps" $shapes >> "$work/bench.txt" 2> "$work/torch.err"; then
    echo "PyTorch: $(python3 -c 'import torch; print(torch.__version__)')" >> "$results"
  else
    echo "PyTorch: not run ($(tail -1 "$work/torch.err"))" >> "$results"
  fi
  echo >> "$results"
  grep '^CHECKS' "$work/bench.txt" >> "$results"
  echo >> "$results"
  ./report.sh < "$work/bench.txt" >> "$results"
  cat "$results"
fi
exit $((failed > 0))
