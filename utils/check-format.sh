#!/usr/bin/env bash
#===- utils/check-format.sh - clang-format (LLVM style) and whitespace ----===#
#
# Fails when a tracked C/C++ file is not clang-format-22 clean, or a tracked
# text file has trailing whitespace or no newline at its end.
#
#===----------------------------------------------------------------------===#
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
mapfile -t sources < <(git ls-files '*.cpp' '*.h' '*.c')
if [ ${#sources[@]} -gt 0 ]; then
  if ! clang-format-22 --dry-run --Werror "${sources[@]}"; then
    echo "check-format: run 'clang-format-22 -i' on the files above"
    status=1
  fi
fi
mapfile -t texts < <(git ls-files | grep -vE '\.(png|bc)$')
for f in "${texts[@]}"; do
  [ -f "$f" ] || continue
  if grep -nE '[[:space:]]+$' "$f" >/dev/null; then
    echo "check-format: trailing whitespace in $f"
    status=1
  fi
  if [ -s "$f" ] && [ "$(tail -c1 "$f" | od -An -c | tr -d ' ')" != '\n' ]; then
    echo "check-format: no newline at end of $f"
    status=1
  fi
done
exit $status
