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
    64-byte aligned. Flows are erased. Growth (capacity `2 * (index + 1)`,
    as TensorFlow reserves) is the cold path of a write: a call of
    `__ta_grow_<checks>_<element bytes>`, one function of internal linkage per
    element size in the module, rather than a copy of the code at every
    write. Likewise each `ta.write` and `ta.read` is a call of an access
    function of internal linkage, `__ta_write_<kind>_<checks>_<element>`
    and `__ta_read_<kind>_<checks>_<element>` (kind `array`, `growable` or
    `grad`), that holds the checks, state updates and growth of one access,
    defined once per module (`outline-accesses=false` writes that code out
    at every access instead); a read returns the byte offset of its slot.
    So are `ta.create` (`__ta_create_*`, into a box the op allocates),
    `ta.close` (`__ta_close`; in place for an array of no data),
    `ta.grad` (`__ta_grad_*`), `ta.gather` (`__ta_gather_*`) and
    `ta.concat` (`__ta_concat_*`, after `__ta_concat_count_*` gives its
    size), into a destination the op allocates (a function's first eight
    such bulk and create calls marked `always_inline`, for LLVM to inline:
    their loops then see what the function knows of the array), a
    `ta.scatter` of ranked rows (`__ta_scatter_*`; strict: of the element's
    shape) and a strict `ta.split` of a value whose type has the element's
    rank and dims from 1 (`__ta_split_*`), both with the value in place,
    but on an array in the function's frame, whose creation, closing and
    bulk ops stay where they are.

    Boxes and buffers are ta's own memory, marked
    `bufferization.manual_deallocation`: `ta.close` and growth free the old
    buffer, and an array whose handle cannot escape the block of its
    `ta.create` (only ta ops, `scf.for` / `scf.if` / `scf.execute_region`
    carrying it, and calls to functions of the module that do the same with
    it) is freed at the end of that block, accumulators included. Such an
    array of fixed constant size in a function's entry block, whose handle
    only ta ops take, with a buffer of at most 4 KiB (16 KiB per function),
    lives in the function's frame (`memref.alloca`, `frame-arrays=false`
    keeps it on the heap): `ta.close` marks it closed in place and nothing
    frees it; so do the accumulators of a gradient source whose every
    gradient op on it gives one static type, whose handle only ta ops take
    and that fit the same budget (until one grows: growth moves it to the
    heap). An array whose handle only `ta.grad`, `ta.grad_with_shape`,
    `ta.size` and `ta.close` take is its header alone: nothing reads or
    writes its slots. An array whose first operation writes every slot (a
    `ta.scatter` of N indices or a `ta.split` of N lengths into an array of
    constant size N) has only its header and state zeroed at creation; one
    whose first use is an `scf.for` writing each slot of its range at the
    induction variable has the slots outside that range zeroed before the
    loop. `ta.read`
    copies out of its slot in destination-passing style
    (`bufferization.materialize_in_destination` into a `tensor.empty`), so
    that empty-tensor elimination can copy straight into the tensor the
    value is inserted into.

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
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect"
  ];
  let options = [
    Option<"checks", "checks", "::mlir::ta::ChecksMode",
           /*default=*/"::mlir::ta::ChecksMode::Strict",
           "runtime checks: 'strict' (TensorFlow's errors) or 'none'",
           [{::llvm::cl::values(
               clEnumValN(::mlir::ta::ChecksMode::Strict, "strict",
                          "reproduce TensorFlow's runtime errors"),
               clEnumValN(::mlir::ta::ChecksMode::None, "none",
                          "no state, no checks"))}]>,
    Option<"outlineAccesses", "outline-accesses", "bool", /*default=*/"true",
           "lower each ta.write and ta.read (and ta.grad, and ta.concat and "
           "a strict ta.split of arrays not in the frame) to a call of a "
           "function defined once per array kind (false: the code at each "
           "op)">,
    Option<"bulkMoves", "bulk-moves", "bool", /*default=*/"false",
           "move the element data of a ta.gather or ta.scatter by one "
           "scf.parallel over rows and elements after the per-slot checks "
           "and state updates of all its indices (the GPU pipeline: one "
           "kernel per bulk op); only with outline-accesses=false">,
    Option<"frameArrays", "frame-arrays", "bool", /*default=*/"true",
           "keep small block-local arrays of fixed size created in a "
           "function's entry block in its frame (memref.alloca; false: on "
           "the heap, as the GPU pipeline needs)">,
    Option<"fillLoops", "fill-loops", "bool", /*default=*/"true",
           "zero an array that a loop fills (its first use, writing each "
           "slot of its range at its induction variable) only outside that "
           "range, before the loop, rather than all of it at creation "
           "(false: as the GPU pipeline, not yet run on a GPU with it, does)">,
    Option<"reserveCapacity", "reserve-capacity", "bool", /*default=*/"true",
           "give a growable array the capacity that a loop filling it (its "
           "first use, as for fill-loops) or a scatter will need, before "
           "them, in one allocation with the runtime's quiet failures, "
           "rather than a growth at every doubling (false: as the GPU "
           "pipeline, whose managed allocations have no quiet failures, "
           "does)">
  ];
}

def TAVersionAccessLoopsPass
    : Pass<"ta-version-access-loops", "::mlir::ModuleOp"> {
  let summary = "check a loop's writes or reads of an array once, before "
                "the loop";
  let description = [{
    Runs on the output of `ta-lower-to-memref{outline-accesses=true}`. A
    strict `ta.write` or `ta.read` tests its slot's state at every element,
    and branches to TensorFlow's error: a loop of them stays a scalar loop.
    This pass versions an `scf.for` of step 1 whose body accesses one
    forward array at the induction variable (`ta.write %h[%k]` or
    `ta.read %h[%k]`, lowered to a call of the access function of the array
    kind) and does nothing else that could change the array: no other
    operation takes the array's box (but loads of its buffer that only read
    it: a read's view of its slot, the header's words loaded; a close of an
    array in the frame stores into its header in place), no call but the
    failure function's. Before the loop, one call of a claim function
    (`__ta_{write,read}_loop_claim_*`: a vectorized scan of the state of
    slots `[lb, ub)`) tells whether every access of the loop passes
    TensorFlow's checks and finds its slot in one known state: the array
    open, `0 <= lb < ub <= size` (no growth), and every slot unwritten
    (writes) or written, not cleared (reads). If so, it sets the state of
    the range to what the accesses leave (one memset: nothing in the loop
    reads that state, and an access that fails ends the call), and a copy
    of the loop runs whose accesses call `__ta_{write,read}_prechecked_*`
    with the buffer and capacity read once before it: data moves only, a
    loop of plain element copies (no test, no state) whose slot addresses
    are affine in the induction variable. Otherwise the loop runs as it was
    and fails at the element TensorFlow fails at. The indices of one loop
    are distinct, so no access of the loop can change the state another one
    checks. With checks=none the claim is the range, and, where the state
    exists for lazy zeroing, a fill of it (writes) or a scan that every
    slot is materialized (reads).

    A claimed loop of constant trip count that writes row k of a tensor
    from outside the loop to slot k, or reads slot k into row k of its one
    iteration argument, and does nothing else, becomes one copy of the
    range (the lowering knows that the array's buffer aliases no tensor;
    LLVM keeps the loop of row copies).

    Writes and reads of accumulators (summing writes, growing reads) and
    accesses written out in place (`outline-accesses=false`) are left
    alone. ta-lower-to-memref marks its access functions with a `ta.access`
    attribute (kind, the handle type's size, element and grad flag, checks
    mode), which is how this pass knows them; it drops the marks when done.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

// ta-import-tf is a pipeline of the steps below (buildImportTFPipeline in
// TFToTA.h, registered with the other pipelines), in this order; each step
// is a pass of its own, with its own tests, for a user who wants to stop or
// start between them. They read the generic `tf.*` ops TensorFlow's MLIR
// exporter prints (ta-opt `--allow-unregistered-dialect`: the tf dialect is
// not linked in; `tf_executor` is ta's own TFExecutor dialect).

def TATFDropSessionInitializersPass
    : Pass<"ta-tf-drop-session-initializers", "::mlir::ModuleOp"> {
  let summary = "drop a SavedModel import's empty session initializer";
  let description = [{
    Erases `tf_saved_model.session_initializer` where every initializer
    function it lists is empty (the functions stay); an initializer that
    does work (variables, tables) is diagnosed: ta imports programs whose
    state lives in TensorArrays.
  }];
}

def TATFFunctionalizePass : Pass<"ta-tf-functionalize", "::mlir::ModuleOp"> {
  let summary = "TensorFlow 1 dataflow control flow into tf.WhileRegion and "
                "tf.IfRegion";
  let description = [{
    Rewrites the dataflow loops (`Enter`, `Merge`, `Switch`, `LoopCond`,
    `NextIteration.Source/Sink`, `Exit`, `ControlTrigger`) and conditionals
    (`Switch`, `Merge`) of every `tf_executor.graph` into islands of
    `tf.WhileRegion` and `tf.IfRegion`, innermost first, as TensorFlow's own
    functionalization does. Dataflow it cannot functionalize is diagnosed,
    naming the op.
  }];
}

def TATFFlattenExecutorPass
    : Pass<"ta-tf-flatten-executor", "::mlir::ModuleOp"> {
  let summary = "tf_executor graphs of islands into straight-line code";
  let description = [{
    Replaces every `tf_executor.graph` by the ops of its islands, in an order
    that respects data and control tokens. A graph that still has a cycle
    (a dataflow loop not functionalized) or an op that is not an island is
    diagnosed.
  }];
}

def TATFReadVariablesPass
    : Pass<"ta-tf-read-variables", "::mlir::ModuleOp"> {
  let summary = "resource variables a program reads (and assigns), as values";
  let description = [{
    A public function's resource argument that the program reads
    (`tf.ReadVariableOp`, `tf.VariableShape`, `tf.ResourceGather`, also
    through loops, branches, calls and identities that carry it) is a
    variable whose value the caller passes: it takes the type its
    `tensor<!tf_type.resource<tensor<...>>>` or its argument attribute
    `ta.variable_type` names (static, of integers or floats), every value
    carrying it is retyped, ReadVariableOp becomes the
    value, VariableShape its `tf.Shape` and ResourceGather a `tf.GatherV2`
    along axis 0. A variable the public function assigns in its own body
    (`tf.AssignVariableOp`, `tf.AssignAddVariableOp`,
    `tf.AssignSubVariableOp`: a stateful layer's state) is threaded through
    that body in program order, and its last value returned after the
    function's results (argument numbers in `ta.assigned_variables`).
    A value whose dims are known at run time only is checked there
    (TensorFlow's `validate_shape`). Assignments elsewhere and other uses
    are diagnosed; resources TensorArray ops use are left to
    ta-tf-type-resources.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TATFDecomposeOptionalsPass
    : Pass<"ta-tf-decompose-optionals", "::mlir::ModuleOp"> {
  let summary = "the optionals of a conditional's gradient, as values";
  let description = [{
    TensorFlow's gradient of a `tf.cond` inside a loop keeps each branch's
    intermediates as optionals (`tf.OptionalFromValue` in the branch that
    computes one, `tf.OptionalNone` in the other), pushed onto accumulator
    lists and read back with `tf.OptionalGetValue` in the gradient of the
    branch that made them. Every value carrying an optional (loops,
    branches, calls, identities, the items of its lists) gets the type of
    the values put into it; the lists holding them are made with an
    unknown element shape; `tf.OptionalFromValue` becomes its value,
    `tf.OptionalNone` zeros of the (static) type, `tf.OptionalGetValue` the
    value it reads. An optional that holds values of different element
    types in different branches (TensorFlow shares a conditional's optional
    result among its branches' intermediates) is a union: the 32-bit words
    of the (static, f32 or i32) value put in, read back as the element type
    the read asks for. Whether an optional has a value is not kept: the
    gradient reads one only where the forward branch made it.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TATFRefineTypesPass : Pass<"ta-tf-refine-types", "::mlir::ModuleOp"> {
  let summary = "refine the tensor types TensorFlow left unranked";
  let description = [{
    Gives the results TensorFlow's exporter left unranked or partly known
    the types their operands determine, by TensorFlow's shape functions for
    the ops ta knows (TFShapes.cpp), loop-carried values and region results
    included, to a fixed point. TensorArray writes of a TensorFlow 1 loop
    need their types before handles are typed; ta-import-tf runs it again
    once lists are tensors, for what TensorFlow typed from a list of an
    unknown element shape (a stack's `?x4` and the shapes its gradient
    computes with, tf.BroadcastGradientArgs' operands), and once more
    after ta-tf-control-flow-to-scf, when branches and loop bodies are
    regions typed from what flows into them. tf.Fill and tf.Reshape to
    tf.Shape of a value take its type's dims; tf.Rank of a ranked value
    and tf.Range of constants count as constants.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def TATFDecomposeStacksPass
    : Pass<"ta-tf-decompose-stacks", "::mlir::ModuleOp"> {
  let summary = "TensorFlow's stacks into TensorList values";
  let description = [{
    TensorFlow's stacks (`StackV2`, `StackPushV2`, `StackPopV2`,
    `StackCloseV2`, as tf.gradients of a TensorFlow 1 loop uses them)
    become TensorList values threaded through program order,
    `tf.WhileRegion` and `tf.IfRegion` (ta-tf-decompose-lists then makes
    them tensors); a pop of an empty stack keeps the stack's message. What
    the pops read is refined again. Stacks of several element types or
    shapes, or used by other ops, are diagnosed.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def TATFFoldConstantItemsPass
    : Pass<"ta-tf-fold-constant-items", "::mlir::ModuleOp"> {
  let summary = "fold the shapes a gradient keeps on accumulator lists";
  let description = [{
    Folds into constants, to a fixed point: `tf.Shape` of a static operand,
    `tf.DynamicStitch` (and `ParallelDynamicStitch`) of constants that
    assign every row, and the items popped or read (`TensorListPopBack`,
    `TensorListGetItem`) from a list whose values come only from
    `EmptyTensorList`, pushes, pops and carriers and whose every push is one
    constant: the shapes TensorFlow's loop gradients keep on accumulators,
    constant once types are refined. The list ops stay (a pop of an empty
    list still fails). Then refines types again, so what the backward loop
    computes from those shapes (`tf.Reshape`, `tf.BroadcastTo`) is static.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TATFTypeResourcesPass : Pass<"ta-tf-type-resources", "::mlir::ModuleOp"> {
  let summary = "give TensorArray handles and flows their ta types";
  let description = [{
    Checks the TensorArray ops' operands and results (their number, scalar
    integer indices and sizes, resource results; tf.Const values that are
    builtin elements attributes), then follows handles and flows through
    `tf.While`, `tf.If`, their region forms, calls and `tf.Identity(N)`:
    resource handles (`tensor<...!tf_type.resource...>`) become
    `!ta.handle`, flows (`tensor<f32>`) `!ta.flow`, in values, block
    arguments and private function signatures. An element type the graph
    does not state (`element_shape = #tf_type.shape<*>`) is taken from the
    writes when they all agree on one static shape. Any other user of a flow
    gets TensorFlow's value for it, 0.0. Handles of different types meeting
    in one value, handles used by ops ta does not import, and handles or
    flows crossing a public function's signature are diagnosed.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::ta::TADialect"
  ];
}

def TATFConvertTensorArraysPass
    : Pass<"ta-tf-convert-tensor-arrays", "::mlir::ModuleOp"> {
  let summary = "TensorFlow's TensorArray ops, once typed, into ta ops";
  let description = [{
    Rewrites the TensorArray family, whose handles and flows carry their ta
    types (ta-tf-type-resources), into ta ops
    (populateTFToTAConversionPatterns):

    | TensorFlow | ta |
    |---|---|
    | `tf.TensorArrayV3` | `ta.create` (`dtype` + `element_shape`, or the resource subtype, give the element type; a constant size and `dynamic_size = false` a static SIZE) |
    | `tf.TensorArrayWriteV3`, `ReadV3`, `GatherV3`, `ScatterV3`, `ConcatV3`, `SplitV3`, `SizeV3`, `CloseV3` | `ta.write`, `read`, `gather`, `scatter`, `concat`, `split`, `size`, `close` |
    | `tf.TensorArrayGradV3`, `tf.TensorArrayGradWithShape` | `ta.grad`, `ta.grad_with_shape` (`source`) |
    | `tf.UnbatchGrad` | `ta.unbatch_grad` (`container`, `shared_name`) |
    | `tf.Const` | `arith.constant` |

    Scalar int32 index and size tensors become `index` values (folded when
    constant); results whose TensorFlow type is less refined than ta's get a
    `tensor.cast`. Unknown `dtype` and unparsable `element_shape` are
    diagnosed.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::ta::TADialect"
  ];
}

def TATFDecomposeListsPass
    : Pass<"ta-tf-decompose-lists", "::mlir::ModuleOp"> {
  let summary = "TensorFlow 2's TensorLists into tensors";
  let description = [{
    TensorLists (`tf.TensorArray` in a `tf.function`, map_fn, scan, Keras
    recurrent layers, the tape's accumulators) become the tensors
    `[N] ++ element` they stand for, with value semantics (N dynamic where
    the list's length changes), followed through control flow and calls:
    `TensorListReserve`, `FromTensor`, `EmptyTensorList`, `SetItem` (also
    resizing), `GetItem`, `Stack`, `Gather`, `ScatterV2`,
    `ScatterIntoExistingList`, `ConcatV2`, `Split`, `Length`,
    `ElementShape`, `PushBack`, `PopBack`, `Resize`, and `ZerosLike`/`AddN`
    of whole lists, with TensorFlow's run-time errors. A list made with an
    unknown or partial element shape takes the one its items fix; items of
    two shapes, or none that fixes it, are diagnosed, except a ragged list
    (a `Split` into lengths that differ, then only read: `GetItem`,
    `ConcatV2`, `Length`, `ElementShape`), which becomes i64 rows of its
    items and where each ends. A list whose items are read from another
    list waits for that list's round: the lists that can be are decomposed,
    types refined, and the pass goes on with the rest. Lists of lists (a
    nested loop's gradient) become i64 rows of records.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def TATFControlFlowToSCFPass
    : Pass<"ta-tf-control-flow-to-scf", "::mlir::ModuleOp"> {
  let summary = "tf.While/tf.If/tf.Case (and region forms) into scf, calls "
                "into func.call";
  let description = [{
    `tf.While` (cond/body functions) and `tf.WhileRegion` become
    `scf.while`, `tf.If` and `tf.IfRegion` `scf.if`, `tf.Case`
    `scf.index_switch` (the last branch the default, as TensorFlow runs it
    for an index out of range) (the functions cloned into the regions),
    `tf.PartitionedCall` and `tf.StatefulPartitionedCall`
    `func.call`; private functions left unreferenced are erased, and the
    tensor constants left without users.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def TALegalizeTFPass : Pass<"ta-legalize-tf", "::mlir::ModuleOp"> {
  let summary = "lower TensorFlow's compute ops around the arrays to linalg";
  let description = [{
    Lowers the TensorFlow compute ops that programs around TensorArrays use
    (TensorFlow's sequence library, Keras recurrent layers and their
    gradients), as ta-import-tf leaves them, to linalg/arith/tensor, so that
    an imported program runs end to end without TensorFlow's own
    legalizations, computing what TensorFlow's CPU kernels compute. One
    file per op group, each with its populate function (LegalizeTF.h):
    elementwise ops with TensorFlow's broadcasting, AddN in its kernel's
    order, casts, floor division and modulo (LegalizeTFElementwise.cpp);
    identities, MatMul, Range, Fill, Pack, Reshape (LegalizeTFStructural.cpp);
    StridedSlice, StridedSliceGrad, Slice (LegalizeTFSlices.cpp); Tanh, Exp,
    Sigmoid bit for bit with Eigen's approximations (LegalizeTFMath.cpp);
    Shape, Transpose, Split, ConcatV2, Squeeze, ExpandDims
    (LegalizeTFShapes.cpp); BiasAdd(Grad), TanhGrad, SigmoidGrad, Relu(Grad),
    Softmax (LegalizeTFNN.cpp); ReverseV2, Tile, SelectV2, GatherV2, OneHot,
    BroadcastTo (LegalizeTFMovement.cpp); Sum, Prod, Max, Min, Mean, ArgMax,
    ArgMin, Cumsum, Cumprod (LegalizeTFReductions.cpp). Run-time errors stop
    the program with TensorFlow's message, through libta_runtime. Types
    must be ranked (export with TensorFlow's shape inference). Every `tf.`
    op is checked before anything is rewritten: one without a lowering, or
    whose arity, types or attributes its lowering does not take, is
    diagnosed with the reason.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

#endif // TA_CONVERSION_PASSES_TD
