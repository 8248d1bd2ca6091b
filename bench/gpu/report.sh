#!/usr/bin/env bash
# Turns RESULT lines (ta-gpu-bench, torch_bench.py) on stdin into the GPU
# benchmark's markdown table: per shape and op, ta's median time, its
# bandwidth (bytes the op must move / time) as a fraction of the
# device-to-device copy bandwidth measured in the same run, and PyTorch's
# time and ta's speed relative to it (> 1: ta is faster).
awk '
$1 == "RESULT" {
  key = $3 " " $4
  t[$2, key] = $5; bytes[key] = $6
  if (!(key in seen)) { seen[key] = 1; order[++n] = key }
  if ($4 == "copy") copy[$2, $3] = $6 / $5
}
END {
  print "| shape | op | ta median | ta GB/s | of copy bandwidth | PyTorch median | PyTorch / ta |"
  print "|---|---|---|---|---|---|---|"
  for (i = 1; i <= n; ++i) {
    key = order[i]; split(key, p, " ")
    if (!(("ta", key) in t)) continue
    bw = bytes[key] / t["ta", key]
    frac = (("ta", p[1]) in copy) ? sprintf("%.0f%%", 100 * bw / copy["ta", p[1]]) : "-"
    if (p[2] == "copy") frac = "100% (baseline)"
    torch = "-"; ratio = "-"
    if (("torch", key) in t) {
      torch = sprintf("%.3f ms", 1e3 * t["torch", key])
      ratio = sprintf("%.2f", t["torch", key] / t["ta", key])
    }
    printf "| %s | %s | %.3f ms | %.0f | %s | %s | %s |\n", p[1], p[2], 1e3 * t["ta", key], bw / 1e9, frac, torch, ratio
  }
}'
