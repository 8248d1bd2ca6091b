# What a test program printed, made comparable between runs and machines
# (the CPU twin's output, kept as .expected, and the GPU's): memref
# addresses are ADDRESS, and the data lines MLIR's printMemref prints for a
# memref of no element (it reads "the first element" anyway: whatever memory
# holds) are left out.
# Usage: awk -f normalize.awk OUTPUT
{ sub(/base@ = 0x[0-9a-f]*/, "base@ = ADDRESS") }
/^Unranked Memref/ {
  empty = ($0 ~ /sizes = \[([0-9]+, )*0[],]/)
  print
  next
}
empty && /^[[ ]/ { next }
{ empty = 0; print }
