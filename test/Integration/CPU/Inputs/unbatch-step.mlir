// The program unbatch-threads.c calls from many threads: one call site of
// the rendezvous "threads", exported through its C interface.
func.func @step(%orig: tensor<?x2xf32>, %bi: tensor<?x3xi64>, %g: tensor<?x2xf32>, %id: i64) -> tensor<?x2xf32>
    attributes {llvm.emit_c_interface} {
  %r = ta.unbatch_grad %orig, %bi, %g, %id {shared_name = "threads"} : tensor<?x2xf32>, tensor<?x3xi64>, tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}
