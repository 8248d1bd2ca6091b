//===- Passes.td - ta passes on lowered buffers ------------*- tablegen -*-===//
//
// Passes that transform the buffers and loops ta-lower-to-memref and
// bufferization produce, rather than ta operations: deallocation around
// ta's own storage, and the GPU target's data movement, memory and kernels.
//
//===----------------------------------------------------------------------===//

#ifndef TA_TRANSFORMS_PASSES_TD
#define TA_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TABufferDeallocationPass
    : Pass<"ta-buffer-deallocation", "::mlir::ModuleOp"> {
  let summary = "free the buffers bufferization allocated, around ta's arrays";
  let description = [{
    Runs on the output of `ta-lower-to-memref` and one-shot bufferization,
    before any other pass (canonicalization drops the attribute it relies
    on). Applies MLIR's ownership-based buffer deallocation to every function
    that neither returns an array box nor receives one from a call, so that
    values read out of arrays, gather and concat results and bufferization's
    copies are freed once dead. ta's own boxes and buffers carry
    `bufferization.manual_deallocation`: the lowering frees them
    (`ta.close`, growth, the end of the block of an array that cannot escape
    it), the deallocation leaves them alone. Box arguments are fine: they
    are not owned, so never freed or cloned.

    Left as they are: functions that free buffers themselves (a
    `memref.dealloc` without the mark, e.g. from
    `bufferization.dealloc_tensor`), and functions that return boxes or
    receive them from calls: MLIR's deallocation ABI makes every returned
    buffer owned by the caller, which would clone a box (breaking the
    aliasing of handles) or free one that another handle still reaches.
    Follow with `buffer-deallocation-simplification`, `lower-deallocations`
    and `convert-bufferization-to-memref` (as `ta-lower-to-llvm` does).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def TAConstantGlobalsPass
    : Pass<"ta-constant-globals", "::mlir::ModuleOp"> {
  let summary = "give tensor constants their memref.global in program order";
  let description = [{
    Runs before `one-shot-bufferize{bufferize-function-boundaries}`, which
    turns each ranked tensor `arith.constant` into a `memref.get_global` of
    a `memref.global` named after its type (`__constant_2xi32`,
    `__constant_2xi32_0`, ...), reusing a global of the same value and
    alignment. It bufferizes the module's functions in an order that LLVM
    22's `getFuncOpsOrderedByCalls` takes from pointer-keyed containers
    (llvm/llvm-project#184722, fixed after 22): the globals' names and order,
    and so ta-opt's output, changed from run to run. This pass creates
    those globals first, walking the module in program order
    (`bufferization::getGlobalFor`, with the alignment bufferization is
    given), so that bufferization finds them all and the output is the same
    on every run.
  }];
  let options = [
    Option<"alignment", "alignment", "uint64_t", /*default=*/"64",
           "the alignment of the globals (one-shot-bufferize's "
           "buffer-alignment)">
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def TAScalarizeZeroDimTensorsPass : Pass<"ta-scalarize-0d-tensors"> {
  let summary = "compute 0-d tensors, and carry them in scf.while loops, as "
                "scalars";
  let description = [{
    TensorFlow's scalars are 0-d tensors: a loop that `ta-import-tf` brings
    in carries its counter, limit and the like as `tensor<i32>` and computes
    them with 0-d `linalg.generic` ops, and bufferization gives each such op
    a buffer of its own, an allocation and a free per op per iteration. This
    pass rewrites
    - a `linalg.generic` without loops whose operands are 0-d tensors or
      scalars into its body on the elements (`tensor.extract` of each
      operand its body uses), each result a `tensor.from_elements` of what
      the body yields;
    - an `scf.while` that carries 0-d tensors into one that carries their
      elements, with `tensor.from_elements` where its regions and results
      use them and `tensor.extract` where its regions pass them on;
    then an extract of a 0-d from_elements is its scalar, of a 0-d constant
    a scalar constant, and a loop drops what it carries unchanged or unused
    (`scf.while`'s canonicalizations). Nothing else is folded or simplified:
    folding the rest of a function (branches on constants) made
    bufferization fail on a value passed to an external function
    (`test/Integration/CPU/tf-lists.mlir`). What remains of 0-d tensors
    is where scalars meet tensor code (an argument, a result, an op of
    another dialect). Nothing else changes: ops on tensors of rank 1 or more
    and every other region op are left as they are.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def TAUpliftCountedLoopsPass
    : Pass<"ta-uplift-counted-loops", "::mlir::func::FuncOp"> {
  let summary = "scf.while loops that count by one to a bound as scf.for "
                "over index";
  let description = [{
    An `scf.while` whose `before` region is `iv < bound` (signed; or
    `bound > iv`) on one of its arguments, passing its arguments on
    unchanged, whose `after` region yields `iv + 1` in that argument's
    place, and whose bound comes from outside the loop (or is a constant of
    `before`, moved out) becomes an `scf.for %k = lb to bound step 1` over
    index: lb and bound are sign-extended, the counter in the body is `%k`
    truncated to its type (exact: its values run from lb to bound - 1),
    and an `arith.index_cast` of it back to index is `%k` itself. The
    loop's result in the counter's place is `max(lb, bound)`, the counter's
    value when the loop stops. TensorFlow's `tf.while_loop`s over an index
    (`i < n`, `i + 1`), once `ta-scalarize-0d-tensors` has made their
    counters scalars, are such loops; as `scf.for` they get what
    `ta-lower-to-memref` gives a loop writing an array at its induction
    variable: the capacity of a growable array reserved once, a fixed-size
    array known to be filled, and (`ta-version-access-loops`) one check of
    the whole range. Only step 1: with a larger step the counter's `iv +
    step` can wrap where the index does not. Upstream's
    `upliftWhileToForLoop` (LLVM 22) is not used: it gives the counter's
    result as the last value inside the loop (n - 1 for `i < n` from 0, and
    -1 where the loop does not run), not the value it stops at, and takes
    no constant in `before`. Nothing else is folded or simplified.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def TACheckAllocationSizesPass
    : Pass<"ta-check-allocation-sizes", "::mlir::ModuleOp"> {
  let summary = "fail with TensorFlow's OOM message where an allocation's "
                "byte size would wrap";
  let description = [{
    The LLVM lowering of `memref.alloc` multiplies the sizes of a memref
    with wrapping arithmetic: a memref of run-time sizes whose byte size
    passes INT64_MAX (2^62 floats, or a negative size no check caught)
    would get a small buffer that the code then writes past. Before every
    `memref.alloc` of dynamic sizes in a function, this pass checks that
    the product of the sizes and the element's bytes fits in an int64, in
    both checks modes (the check keeps the process sound, it does not check
    the program); one dynamic size is one unsigned comparison with a
    constant. A failed check calls libta_runtime's `_ta_rt_fail` with
    `TA_ERR_OOM` (include/ta/Runtime/TAABI.h): "OOM when allocating tensor:
    more than 2**63 - 1 bytes", TensorFlow's resource-exhausted wording. The
    declaration of `_ta_rt_fail` is added on first use. A memref of static
    sizes whose byte size does not fit is diagnosed at compile time. A 0
    size, static or at run time, makes 0 bytes whatever the product of the
    sizes before it. An allocation marked `ta.size_checked` (a unit
    attribute: its size is known to fit where it was computed, as
    `ta-lower-to-memref` marks a concat's destination, whose count its
    concat count function gives) is trusted and gets no check.

    Allocations that fail are libta_runtime's to report: `ta-lower-to-llvm`
    lowers `memref.alloc` to MLIR's generic allocation functions, which the
    runtime defines (runtime/Allocation.c). Runs on buffers, after
    `convert-bufferization-to-memref` (clones are allocations too) and
    before `convert-scf-to-cf` (the checks are `scf.if`s).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def TAMarkRuntimeAllocatorsPass
    : Pass<"ta-mark-runtime-allocators", "::mlir::ModuleOp"> {
  let summary = "tell LLVM that libta_runtime's allocation functions "
                "return fresh memory";
  let description = [{
    Runs after `finalize-memref-to-llvm` with `use-generic-functions`, which
    declares `_mlir_memref_to_llvm_alloc` and
    `_mlir_memref_to_llvm_aligned_alloc` (defined by libta_runtime,
    runtime/Allocation.cpp, over malloc and aligned_alloc). LLVM knows
    `malloc` and `aligned_alloc` return memory no other pointer reaches; it
    does not know these names. Without that, every store into a buffer may
    change any other, and LLVM reloads an array's buffer address and
    header inside element loops: 4-byte writes and scatters ran 2-8x
    slower. The pass marks their results `noalias`, as C library headers
    declare malloc (`__attribute__((malloc))`).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def TAFinalizeMemRefToLLVMPass
    : Pass<"ta-finalize-memref-to-llvm", "::mlir::ModuleOp"> {
  let summary = "finalize-memref-to-llvm, with in-bounds addresses for "
                "memref.view and memref.copy and constant allocation sizes";
  let description = [{
    Upstream's `finalize-memref-to-llvm` (its patterns, options and
    conversion), with two patterns before upstream's, each giving addresses
    the `getelementptr inbounds nuw` that upstream gives the addresses of
    `memref.load` and `memref.store` (upstream's lowerings of these two ops
    give them no flags):
    - a `memref.view` of identity layout: its aligned pointer is the
      source's shifted by the byte shift (a view lies within its source, as
      a `memref.subview` must, and the shift is unsigned);
    - a `memref.copy` between memrefs of static shape and contiguous
      row-major layout: one `llvm.intr.memcpy` between the two (aligned
      pointer, offset) addresses.
    With them LLVM's alias analysis sees that an element copied into an
    array's data (past its header) leaves the header alone, and keeps the
    header's loads out of a loop of strict writes (measured: write/read of
    64 elements of 16 B: 173-181 ns with neither, 135-144 ns with the
    copy's, 93-96 ns with both). Other views and copies are upstream's.
    The copy's byte count is a constant where the data layout gives the
    element's size. With `use-aligned-alloc`, a third pattern lowers a
    `memref.alloc` of static shape and identity layout (every `ta.read`'s
    result is one) to upstream's call and descriptor with a constant byte
    count, padded to the alignment at compile time, where upstream sizes it
    with a `getelementptr null` and pads it with four ops at run time: the
    10,000-op compile-time module's LLVM IR has 40% fewer lines.
    With `use-aligned-alloc` and `use-generic-functions` (libta_runtime's
    allocation functions), a `memref.realloc` of a 1-D identity-layout
    buffer becomes a call of libta_runtime's `_ta_rt_realloc(allocation,
    old bytes, new bytes)` (C's realloc: in place where it can; upstream
    has no lowering, and `expand-realloc`'s is an allocation and a copy):
    growth of ta's arrays. Its result has malloc's 16-byte alignment: a
    realloc that asks for more, or any without those options, is left as
    it is (`expand-realloc` lowers it to an allocation and a copy).
    A `memref.dim` at a constant dim, also one `arith-to-llvm` left as an
    `llvm.mlir.constant` behind a cast, is the descriptor's size (or the
    type's): upstream's lowering recognizes only an index constant, and
    otherwise stores the sizes on the stack to load the one indexed.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
  let options = [
    Option<"useAlignedAlloc", "use-aligned-alloc", "bool", /*default=*/"false",
           "use aligned_alloc in place of malloc for heap allocations">,
    Option<"useGenericFunctions", "use-generic-functions", "bool",
           /*default=*/"false",
           "use the generic allocation and free functions "
           "(_mlir_memref_to_llvm_*)">
  ];
}

def TAConvertToLLVMPass : Pass<"ta-convert-to-llvm", "::mlir::ModuleOp"> {
  let summary = "the CPU pipeline's last conversion: control flow, memref, "
                "func, arith, math and index to LLVM in one walk";
  let description = [{
    One dialect conversion with the patterns of `convert-cf-to-llvm`,
    `ta-finalize-memref-to-llvm` (with the same options),
    `convert-func-to-llvm`, `convert-arith-to-llvm`, `convert-math-to-llvm`
    and `convert-index-to-llvm`, where `ta-lower-to-llvm` ran six passes
    one after the other: one walk of the module, one legality check per op,
    and no unrealized casts between memref descriptors and function
    arguments, or between index values and their i64s, to build for the next
    pass and take apart again (measured on the 10,000-op compile-time
    module: the first three passes' 0.55-0.65 s become about half; the
    other three, which ran per function in parallel, folded in: 2.60 ->
    2.38 s for the whole pipeline, the same output; see
    docs/performance.md). `arith.ceildivsi`, `ceildivui` and `floordivsi`
    are expanded first, as `convert-arith-to-llvm` expands them. Like
    those passes it converts partially: an op none of them lowers (SCF,
    which the pipeline lowers to control flow before it) is left as it is.
    SCF's and affine's patterns are not in it: with
    `populateSCFToControlFlowConversionPatterns` added, the conversion
    died on an `scf.if` yielding a memref ("SmallVector unable to grow"),
    for 2% less work on the compile-time module.

    A memref argument of a function marked `llvm.noalias` gets the mark on
    its aligned pointer, through which it is accessed, as the pointer of a
    bare-pointer calling convention does (`convert-func-to-llvm` drops the attributes of an argument
    that expands to several): the bulk functions of ta-lower-to-memref mark
    the tensors they read and the results they fill, which nothing else
    they touch aliases, so that LLVM vectorizes the copies and sums of
    their rows where it does not inline them (a function's bulk calls past
    ta-lower-to-memref's inlining budget).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
  let options = [
    Option<"useAlignedAlloc", "use-aligned-alloc", "bool", /*default=*/"false",
           "use aligned_alloc in place of malloc for heap allocations">,
    Option<"useGenericFunctions", "use-generic-functions", "bool",
           /*default=*/"false",
           "use the generic allocation and free functions "
           "(_mlir_memref_to_llvm_*)">
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

def TAParallelLoopsToGPUPass
    : Pass<"ta-parallel-loops-to-gpu", "::mlir::func::FuncOp"> {
  let summary = "map host scf.parallel loops onto grid-stride GPU kernels";
  let description = [{
    Every outermost `scf.parallel` without reductions becomes one
    `gpu.launch` over its iteration space linearized to one dimension:
    `max(min(ceildiv(total, block-size), max-blocks), 1)` blocks of `block-size`
    threads, each thread striding through the iterations by the grid's
    size. Any iteration space, 2^31 iterations and beyond, launches within
    CUDA's limits (gridDim.x < 2^31, gridDim.y and .z < 2^16); consecutive
    threads take consecutive iterations of the innermost dimension, so
    accesses coalesce; an empty space launches nothing (the runtime skips
    a grid of 0 blocks). Upstream's `gpu-map-parallel-loops` puts the
    second dimension on gridDim.y, which a copy of more than 65535 x 256
    elements per slot overflows.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "threads per block">,
    Option<"maxBlocks", "max-blocks", "int64_t", /*default=*/"65535",
           "blocks per launch at most (larger spaces stride)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def TAGPULaunchStackScopePass
    : Pass<"ta-gpu-launch-stack-scope", "::mlir::ModuleOp"> {
  let summary = "free the stack slots of each kernel launch's arguments "
                "right after it";
  let description = [{
    Runs after `gpu-to-llvm`: brackets every `gpu.launch_func` with
    `llvm.intr.stacksave` and `llvm.intr.stackrestore`. Its translation to
    LLVM IR packs the kernel arguments into `alloca`s at the launch site;
    without the bracket a launch inside a host loop grows the stack on
    every iteration until the function returns (65536 launches overflow an
    8 MiB stack).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
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
    `gpu.dealloc` that is waited for. A constant (`memref.get_global`) has
    one copy in managed memory for the process, so kernels can read it:
    made where it is first used, kept in a private host global
    (`__ta_managed.<name>`, with `__ta_managed_ready.<name>` saying whether
    it is made).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def TAGPUHostKernelsPass : Pass<"ta-gpu-host-kernels", "::mlir::ModuleOp"> {
  let summary = "compile every kernel for the host too, for ta's GPU "
                "emulator";
  let description = [{
    Runs after kernel outlining (`ta-lower-to-nvvm` with `emulate`). Each
    kernel is renamed after its code (its name, then a hash of its code; the
    launches follow) and cloned into a private host function, its twin,
    `__ta_host_<kernel>`, marked `ta.host_kernel`, which takes the kernel's
    arguments and the launch's grid and block dims and runs every thread of
    every block in turn (block z, y, x, then thread z, y, x), with
    `gpu.block_id`, `thread_id`, `block_dim`, `grid_dim` and `global_id`
    replaced by the loop values and the dims. A kernel whose threads depend
    on each other (a barrier, a shuffle, shared memory) is diagnosed.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def TAGPURegisterHostKernelsPass
    : Pass<"ta-gpu-register-host-kernels", "::mlir::ModuleOp"> {
  let summary = "register the kernels' host twins with libta_cuda_runtime";
  let description = [{
    Runs once the host code is LLVM (`ta-lower-to-nvvm` with `emulate`):
    gives each host twin (`ta.host_kernel`) an entry of the form
    `void (void **params, const int64_t *launch)` (TAHostKernels.h: the
    parameters as cuLaunchKernel passes them, the six launch dims) and
    registers every entry, with its kernel's name and its parameters'
    sizes, from a global constructor that calls
    `ta_host_kernel_register`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // TA_TRANSFORMS_PASSES_TD
