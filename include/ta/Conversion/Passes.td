//===- Passes.td - ta conversion passes --------------------*- tablegen -*-===//
//
// Conversions out of the ta dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TA_CONVERSION_PASSES_TD
#define TA_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def TALowerToMemRefPass : Pass<"ta-lower-to-memref", "::mlir::ModuleOp"> {
  let summary = "lower ta operations to memref/scf/arith code";
  let description = [{
    Turns every TensorArray into buffers and every ta operation into
    memref/scf/arith/linalg code that works on them, through `scf.for`,
    `scf.while`, `scf.if` and function boundaries.

    A handle becomes a *box*, `memref<?xmemref<?xi8>, strided<[1],
    offset: ?>>`: slot 0 holds the array's current buffer, so that growth
    (which replaces the buffer) is seen through every alias of the handle.
    A forward array's box has one more slot per gradient source of the
    module, holding that source's accumulator once `ta.grad` or
    `ta.grad_with_shape` created it; an accumulator's handle is a view of its
    slot. The buffer holds a 64-byte header (size, capacity, flags, marked
    size, name, source, element shape), in strict mode one state byte per
    slot (written, read, cleared, materialized), and the element data,
    64-byte aligned. Flows are erased.

    `checks=strict` (default) reproduces TensorFlow's runtime errors: a
    failed check calls `_ta_rt_fail` from `libta_runtime`, which prints
    TensorFlow's text and exits with status 1. `checks=none` drops the state
    and the checks; a program valid under strict computes the same values.

    Element shapes must be static (after `ta.grad_with_shape`: a constant
    `shape_to_prepend`); other element types, `ta.unbatch_grad` and unranked
    scatter/split values are diagnosed.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
  let options = [
    Option<"checks", "checks", "::mlir::ta::ChecksMode",
           /*default=*/"::mlir::ta::ChecksMode::Strict",
           "runtime checks: 'strict' (TensorFlow's errors) or 'none'",
           [{::llvm::cl::values(
               clEnumValN(::mlir::ta::ChecksMode::Strict, "strict",
                          "reproduce TensorFlow's runtime errors"),
               clEnumValN(::mlir::ta::ChecksMode::None, "none",
                          "no state, no checks"))}]>
  ];
}

def TALowerToGPUPass : Pass<"ta-lower-to-gpu", "::mlir::ModuleOp"> {
  let summary = "turn the data movement of lowered ta code into linalg ops "
                "for GPU kernels";
  let description = [{
    Runs on the output of `ta-lower-to-memref` and one-shot bufferization:
    every element move (`memref.copy`: write, read, gather, scatter, concat,
    split, growth, the unbatch_grad result) becomes `linalg.copy`, so that,
    with the zero-fills (`linalg.fill`) and accumulations (`linalg.generic`)
    the lowering already emits, all data movement is linalg, which
    `ta-lower-to-nvvm` maps onto GPU kernels. Host control flow, array
    headers and slot state stay host code; see `ta-gpu-managed-memory`.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def TAGPUManagedMemoryPass
    : Pass<"ta-gpu-managed-memory", "::mlir::ModuleOp"> {
  let summary = "allocate the host code's buffers in CUDA managed memory";
  let description = [{
    Runs on host code after `gpu-async-region`. Every buffer becomes
    `gpu.alloc host_shared` (managed memory, reachable from host and
    device): host code keeps reading and updating array headers and slot
    state in place, so strict mode's checks and messages are unchanged,
    while kernels move the element data. Deallocation is an async
    `gpu.dealloc` that is waited for. Constants (`memref.get_global`) are
    copied into managed memory where they are used, so kernels can read
    them.
  }];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect"
  ];
}

#endif // TA_CONVERSION_PASSES_TD
