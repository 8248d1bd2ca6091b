//===- TAOps.td - TA dialect operations --------------------*- tablegen -*-===//
//
// The twelve operations of the ta interface contract (design.md section 4).
// Operand and result order, attribute names and defaults are fixed by the
// contract; the custom assembly formats are ta's own.
//
//===----------------------------------------------------------------------===//

#ifndef TA_DIALECT_TA_IR_TAOPS_TD
#define TA_DIALECT_TA_IR_TAOPS_TD

include "ta/Dialect/TA/IR/TABase.td"
include "ta/Dialect/TA/IR/TATypes.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Operand constraints and effects
//===----------------------------------------------------------------------===//

/// A handle that the operation reads and mutates (per-slot state included).
def TA_MutatedHandle
    : Arg<TA_HandleType, "TensorArray handle",
          [MemRead<TA_TensorArrayResource>, MemWrite<TA_TensorArrayResource>]>;
/// A handle that the operation only observes.
def TA_ObservedHandle
    : Arg<TA_HandleType, "TensorArray handle",
          [MemRead<TA_TensorArrayResource>]>;

/// An index: a signless integer of at most 64 bits (each is read as an
/// int64; TensorFlow's are int32).
def TA_IndexInteger : Type<
    CPred<"::llvm::isa<::mlir::IntegerType>($_self) && "
          "::llvm::cast<::mlir::IntegerType>($_self).isSignless() && "
          "::llvm::cast<::mlir::IntegerType>($_self).getWidth() <= 64">,
    "signless integer of at most 64 bits">;
def TA_IndexVector : 1DTensorOf<[TA_IndexInteger]>;
def TA_LengthVector : 1DTensorOf<[I64]>;
def TA_ShapeVector : 1DTensorOf<[I32]>;

//===----------------------------------------------------------------------===//
// Lifecycle: create, size, close, flow_join
//===----------------------------------------------------------------------===//

def TA_CreateOp : TA_Op<"create"> {
  let summary = "creates a TensorArray (TensorArrayV3)";
  let description = [{
    Creates a TensorArray of `size` elements of the handle's element type and
    returns its handle and an initial flow. Every slot starts unwritten.

    Attributes (TensorArrayV3's):
    - `dynamic_size` (default `false`): writes, scatters and splits past the
      end grow the array; requires SIZE `?` in the handle type. Creating a
      gradient (`ta.grad`) locks the size.
    - `clear_after_read` (default `true`): a read drops the slot's value, so a
      second read of it fails.
    - `identical_element_shapes` (default `false`): every element has the same
      shape; `?` dims are fixed by the first write.
    - `name` (default `""`): the name used in runtime error messages.

    Errors: a negative `size` fails with "Size should be >= 0." (rejected at
    compile time when `size` is a constant). The verifier also rejects
    `dynamic_size` with a static SIZE, a constant `size` that differs from a
    static SIZE, and an accumulator result type.

    Example:

    ```mlir
    %h, %flow = ta.create %n {clear_after_read = false}
        : !ta.handle<4, tensor<2x3xf32>>
    ```
  }];
  let arguments = (ins
    Index:$size,
    DefaultValuedAttr<BoolAttr, "false">:$dynamic_size,
    DefaultValuedAttr<BoolAttr, "true">:$clear_after_read,
    DefaultValuedAttr<BoolAttr, "false">:$identical_element_shapes,
    DefaultValuedStrAttr<StrAttr, "">:$name
  );
  let results = (outs
    Res<TA_HandleType, "new TensorArray",
        [MemAlloc<TA_TensorArrayResource>]>:$handle,
    TA_FlowType:$flow
  );
  let assemblyFormat = "$size attr-dict `:` qualified(type($handle))";
  let hasVerifier = 1;
}

def TA_SizeOp : TA_Op<"size"> {
  let summary = "returns the current size of a TensorArray (TensorArraySizeV3)";
  let description = [{
    Returns the number of slots of the array. The result reflects dynamic
    growth, including the growth of an accumulator from reads past its size.

    Errors: "TensorArray <name> has already been closed." after `ta.close`.

    Folding: the size of a forward array with a static SIZE folds to a
    constant (never for an accumulator, which grows on reads). Like
    TensorFlow's Python `TensorArray.size()`, which returns the static size
    without running the kernel, the folded form no longer reports use after
    close.

    Example:

    ```mlir
    %n = ta.size %h, %flow : !ta.handle<?, tensor<3xf32>>
    ```
  }];
  let arguments = (ins TA_ObservedHandle:$handle, TA_FlowType:$flow_in);
  let results = (outs Index:$size);
  let assemblyFormat =
      "$handle `,` $flow_in attr-dict `:` qualified(type($handle))";
  let hasFolder = 1;
}

def TA_CloseOp : TA_Op<"close"> {
  let summary = "closes a TensorArray (TensorArrayCloseV3)";
  let description = [{
    Drops every element and marks the array closed. Any later operation on
    the handle fails with "TensorArray <name> has already been closed.".
    Closing a forward array does not close its accumulators.

    Example:

    ```mlir
    ta.close %h : !ta.handle<4, tensor<2xf32>>
    ```
  }];
  let arguments = (ins TA_MutatedHandle:$handle);
  let assemblyFormat = "$handle attr-dict `:` qualified(type($handle))";
}

def TA_FlowJoinOp : TA_Op<"flow_join", [Pure]> {
  let summary = "a flow ordered after other flows (TensorFlow's arithmetic "
                "on flows)";
  let description = [{
    Returns a flow that comes after every operand flow; with no operands, a
    fresh flow. TensorFlow's flow is a float that any computation may make:
    its gradient code starts a backward loop's flow from a constant or
    `zeros_like`, sums the flows of the writes it makes (`AddV2`, `AddN`)
    and passes the sum to the next TensorArray op. `ta-import-tf` imports
    such a computation as `ta.flow_join` of the flows it reads.

    A flow carries no data, and TensorArray operations are ordered by their
    effects on the array, not by their flows: the op is pure, folds a single
    operand to itself, and lowering erases it.

    Example:

    ```mlir
    %f = ta.flow_join(%f0, %f1)
    %fresh = ta.flow_join()
    ```
  }];
  let arguments = (ins Variadic<TA_FlowType>:$flows_in);
  let results = (outs TA_FlowType:$flow_out);
  let assemblyFormat = "`(` $flows_in `)` attr-dict";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Element access: write, read
//===----------------------------------------------------------------------===//

def TA_WriteOp : TA_Op<"write"> {
  let summary = "writes one element (TensorArrayWriteV3)";
  let description = [{
    Writes `value` into slot `index` and returns the new flow.

    On a forward array a slot is written once. On an accumulator a write to
    a written slot sums into it; the value's shape must equal the slot's
    shape exactly (slots written in the forward array when the accumulator
    was created are "soft-written" with shape `shape_to_prepend ++ slot`).

    Runtime errors, checked in this order (TensorFlow's texts):
    - "TensorArray <name> has already been closed."
    - "TensorArray <name>: Tried to write to index <i> but array is not
      resizeable and size is: <n>" (negative index, or past the end of a
      non-growable array; growable arrays grow to `index + 1`)
    - "TensorArray <name>: Could not write to TensorArray index <i> because
      the value shape is <s> which is incompatible with the TensorArray's
      inferred element shape: <es> (consider setting infer_shape=False)."
    - "TensorArray <name>: Could not write to TensorArray index <i> because
      it has already been read."
    - "TensorArray <name>: Could not write to TensorArray index <i> because
      it has already been written to." (forward arrays)
    - "TensorArray <name>: Could not aggregate to TensorArray index <i>
      because the existing shape is <a> but the new input shape is <b>."
      (accumulators)

    The verifier rejects a value whose element type or shape does not match
    the handle's element type, and constant indices out of bounds of a
    static-size forward array.

    Example:

    ```mlir
    %f1 = ta.write %h[%i], %v, %f0
        : !ta.handle<4, tensor<2xf32>>, tensor<2xf32>
    ```
  }];
  let arguments = (ins
    TA_MutatedHandle:$handle,
    Index:$index,
    AnyTensor:$value,
    TA_FlowType:$flow_in
  );
  let results = (outs TA_FlowType:$flow_out);
  let assemblyFormat = [{
    $handle `[` $index `]` `,` $value `,` $flow_in attr-dict `:`
    qualified(type($handle)) `,` type($value)
  }];
  let hasVerifier = 1;
}

def TA_ReadOp : TA_Op<"read", [InferTypeOpAdaptor]> {
  let summary = "reads one element (TensorArrayReadV3)";
  let description = [{
    Returns the element in slot `index`; the result type is the handle's
    element type.

    An unwritten slot reads as zeros of the element shape (of the slot's
    soft-written shape on an accumulator) and becomes written. An
    accumulator allows reads past its size: they return zeros and grow it to
    `index + 1`. With `clear_after_read` the value is dropped after the
    read. Every read marks the slot read, so a later write to it fails.

    Runtime errors (TensorFlow's texts):
    - "TensorArray <name> has already been closed."
    - "Tried to read from index <i> but array size is: <n>" (negative index,
      or past the end of a forward array)
    - "TensorArray <name>: Could not read index <i> twice because it was
      cleared after a previous read (perhaps try setting clear_after_read =
      false?)."
    - "TensorArray <name>: Could not read from TensorArray index <i>.
      Furthermore, the element shape is not fully defined: <es>. ..." (an
      unwritten slot whose shape is unknown)

    The verifier rejects constant indices out of bounds of a static-size
    forward array.

    Example:

    ```mlir
    %v = ta.read %h[%i], %flow : !ta.handle<4, tensor<2xf32>>
    ```
  }];
  let arguments = (ins
    TA_MutatedHandle:$handle,
    Index:$index,
    TA_FlowType:$flow_in
  );
  let results = (outs AnyTensor:$value);
  let assemblyFormat = [{
    $handle `[` $index `]` `,` $flow_in attr-dict `:` qualified(type($handle))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Bulk access: gather, scatter, concat, split
//===----------------------------------------------------------------------===//

def TA_GatherOp : TA_Op<"gather", [InferTypeOpAdaptor]> {
  let summary = "reads several elements, stacked (TensorArrayGatherV3)";
  let description = [{
    Reads the slots named by `indices`, in order, and stacks them into a
    tensor of shape `[K] ++ element` where K is the number of indices. Each
    read follows `ta.read`'s rules: unwritten slots read as zeros,
    `clear_after_read` clears (so a duplicate index of such an array fails),
    accumulators allow indices past their size.

    Runtime errors: those of `ta.read`, and for zero indices "TensorArray has
    size zero, but element shape <s> is not fully defined. Currently only
    static shapes are supported when packing zero-size TensorArrays."

    The verifier rejects constant indices out of bounds of a static-size
    forward array.

    Example:

    ```mlir
    %v = ta.gather %h[%idx], %flow
        : !ta.handle<4, tensor<2xf32>>, tensor<3xi32>
    // %v : tensor<3x2xf32>
    ```
  }];
  let arguments = (ins
    TA_MutatedHandle:$handle,
    TA_IndexVector:$indices,
    TA_FlowType:$flow_in
  );
  let results = (outs AnyTensor:$value);
  let assemblyFormat = [{
    $handle `[` $indices `]` `,` $flow_in attr-dict `:` qualified(type($handle)) `,`
    type($indices)
  }];
  let hasVerifier = 1;
}

def TA_ScatterOp : TA_Op<"scatter"> {
  let summary = "writes the rows of a tensor to several slots "
                "(TensorArrayScatterV3)";
  let description = [{
    Writes row `k` of `value` to slot `indices[k]`, in order, and returns
    the new flow. `value` has shape `[K] ++ element`. Each write follows
    `ta.write`'s rules: duplicate indices fail on a forward array and sum on
    an accumulator; a growable array first grows to `max(indices) + 1`. The
    writes before a failing index stay.

    Runtime errors (TensorFlow's texts, besides those of `ta.write`):
    - "Expected len(indices) == values.shape[0], but saw: <a> vs. <b>"
    - "Max scatter index must be < array size (<m> vs. <n>)"

    The verifier rejects a scalar `value`, a static length mismatch, an
    element type or row shape that does not match the handle, constant
    indices out of bounds of a static-size forward array, and duplicate
    constant indices into a forward array.

    Example:

    ```mlir
    %f1 = ta.scatter %h[%idx], %v, %f0
        : !ta.handle<4, tensor<2xf32>>, tensor<3xi32>, tensor<3x2xf32>
    ```
  }];
  let arguments = (ins
    TA_MutatedHandle:$handle,
    TA_IndexVector:$indices,
    AnyTensor:$value,
    TA_FlowType:$flow_in
  );
  let results = (outs TA_FlowType:$flow_out);
  let assemblyFormat = [{
    $handle `[` $indices `]` `,` $value `,` $flow_in attr-dict `:`
    qualified(type($handle)) `,` type($indices) `,` type($value)
  }];
  let hasVerifier = 1;
}

def TA_ConcatOp : TA_Op<"concat", [InferTypeOpAdaptor]> {
  let summary = "concatenates all elements along dim 0 (TensorArrayConcatV3)";
  let description = [{
    Reads every slot in order and concatenates the elements along their
    dim 0; `lengths[i]` is element `i`'s dim 0. Elements must have rank >= 1.
    A forward array concatenates its size; an accumulator its *marked size*,
    the size of the last `ta.split` into the forward array before the
    accumulator was created (TensorFlow's `PackOrConcatSize`).

    The value's dim 0 is static when the array is a forward array with a
    static SIZE and a static element dim 0; otherwise it is `?`.

    Runtime errors: those of `ta.read`, and
    - "TensorArray has size zero, but element_shape_except0 <s> is not fully
      defined. Currently only static shapes are supported when concatenating
      zero-size TensorArrays."
    - "TensorArray has inconsistent shapes.  Index 0 has (excepting dimension
      0) shape: <a> but index <i> has (excepting dimension 0) shape: <b>"

    The verifier rejects an array of scalar elements.

    Example:

    ```mlir
    %v, %lengths = ta.concat %h, %flow : !ta.handle<4, tensor<2x3xf32>>
    // %v : tensor<8x3xf32>, %lengths : tensor<?xi64>
    ```
  }];
  let arguments = (ins TA_MutatedHandle:$handle, TA_FlowType:$flow_in);
  let results = (outs AnyTensor:$value, TensorOf<[I64]>:$lengths);
  let assemblyFormat =
      "$handle `,` $flow_in attr-dict `:` qualified(type($handle))";
  let hasVerifier = 1;
}

def TA_SplitOp : TA_Op<"split"> {
  let summary = "splits a tensor along dim 0 into the elements "
                "(TensorArraySplitV3)";
  let description = [{
    Writes the pieces of `value` split along dim 0 by `lengths` to slots
    `0 .. len(lengths) - 1`; piece `i` has shape
    `[lengths[i]] ++ value.shape[1:]`. A growable array grows to
    `len(lengths)`. Each write follows `ta.write`'s rules. On a forward
    array the split also sets the marked size used by an accumulator's
    `ta.concat`.

    Runtime errors (TensorFlow's texts, besides those of `ta.write`):
    - "Expected sum of lengths to be equal to values.shape[0], but sum of
      lengths is <s> and value's shape is: <shape>"
    - "TensorArray's size is not equal to the size of lengths (<n> vs. <m>),
      and the TensorArray is not marked as dynamically resizeable"

    The verifier rejects an array of scalar elements, a scalar `value`, an
    element type or trailing shape that does not match the handle, negative
    constant lengths, constant lengths whose sum differs from a static
    dim 0 of `value` or that differ from a static element dim 0, and a
    static number of lengths that differs from a static forward SIZE.

    Example:

    ```mlir
    %f1 = ta.split %h, %v, %lengths, %f0
        : !ta.handle<4, tensor<2x3xf32>>, tensor<8x3xf32>, tensor<4xi64>
    ```
  }];
  let arguments = (ins
    TA_MutatedHandle:$handle,
    AnyTensor:$value,
    TA_LengthVector:$lengths,
    TA_FlowType:$flow_in
  );
  let results = (outs TA_FlowType:$flow_out);
  let assemblyFormat = [{
    $handle `,` $value `,` $lengths `,` $flow_in attr-dict `:`
    qualified(type($handle)) `,` type($value) `,` type($lengths)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Gradients: grad, grad_with_shape
//===----------------------------------------------------------------------===//

def TA_GradOp : TA_Op<"grad", [
    InferTypeOpAdaptor,
    MemoryEffects<[MemRead<TA_TensorArrayResource>,
                   MemWrite<TA_TensorArrayResource>]>]> {
  let summary = "returns the gradient accumulator of an array for a source "
                "(TensorArrayGradV3)";
  let description = [{
    Returns the accumulator of the forward array `handle` for `source`. The
    accumulator is keyed by (forward array, `source`): the same source
    returns the same accumulator, different sources independent ones. A new
    accumulator has the forward array's current size; it starts zeroed;
    slots written in the forward array are soft-written with their shapes;
    its writes sum; it allows reads past its size. Creating it locks a
    growable forward array's size. `flow_in` orders the creation after the
    forward writes; `flow_out` is the accumulator's flow.

    The result type is the operand type with `grad`.

    Runtime errors: "TensorArray <name> has already been closed." The
    verifier rejects the gradient of an accumulator (TensorFlow: "Wrong
    input container.") and an empty `source`.

    Example:

    ```mlir
    %g, %gf = ta.grad %h, %flow source "gradients"
        : !ta.handle<4, tensor<2xf32>>
    // %g : !ta.handle<4, tensor<2xf32>, grad>
    ```
  }];
  let arguments = (ins
    TA_HandleType:$handle,
    TA_FlowType:$flow_in,
    StrAttr:$source
  );
  let results = (outs TA_HandleType:$grad_handle, TA_FlowType:$flow_out);
  let assemblyFormat = [{
    $handle `,` $flow_in `source` $source attr-dict `:` qualified(type($handle))
  }];
  let hasVerifier = 1;
}

def TA_GradWithShapeOp : TA_Op<"grad_with_shape", [
    MemoryEffects<[MemRead<TA_TensorArrayResource>,
                   MemWrite<TA_TensorArrayResource>]>]> {
  let summary = "returns a gradient accumulator whose elements have "
                "shape_to_prepend in front (TensorArrayGradWithShape)";
  let description = [{
    Like `ta.grad`, but the accumulator's element shape is
    `shape_to_prepend ++ element`, and the slots written in the forward
    array are soft-written with shape `shape_to_prepend ++ slot shape`
    (used by `pfor` to accumulate a whole loop's gradients at once).
    `ta.grad` and `ta.grad_with_shape` share one key space: the
    accumulator is keyed by (forward array, `source`) only.

    The result type is inferred when omitted: its prepended dims come from a
    constant `shape_to_prepend` and are `?` otherwise (unranked when the
    number of prepended dims is unknown, or the forward element is
    unranked). A spelled-out type must agree: the trailing dims must be the
    forward element's, each prepended dim must equal the constant's dim or
    be `?`.

    TensorFlow silently returns the first accumulator when one array and
    source are used with two different prepend shapes; ta diagnoses that at
    compile time during lowering. The verifier rejects the gradient of an
    accumulator, an empty `source`, negative constant dims and a result type
    that contradicts the inferred one.

    Example:

    ```mlir
    %shape = arith.constant dense<[5]> : tensor<1xi32>
    %g, %gf = ta.grad_with_shape %h, %flow, %shape source "gradients"
        : !ta.handle<4, tensor<2xf32>>, tensor<1xi32>
    // %g : !ta.handle<4, tensor<5x2xf32>, grad>
    ```
  }];
  let arguments = (ins
    TA_HandleType:$handle,
    TA_FlowType:$flow_in,
    TA_ShapeVector:$shape_to_prepend,
    StrAttr:$source
  );
  let results = (outs TA_HandleType:$grad_handle, TA_FlowType:$flow_out);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let builders = [
    // Builds the op with its inferred result type.
    OpBuilder<(ins "::mlir::Value":$handle, "::mlir::Value":$flowIn,
                   "::mlir::Value":$shapeToPrepend,
                   "::llvm::StringRef":$source)>
  ];
  let extraClassDeclaration = [{
    /// The most refined accumulator type these operands determine, or a
    /// null type (with a diagnostic at `loc` when given) if there is none.
    static HandleType inferGradType(::mlir::Value handle,
                                    ::mlir::Value shapeToPrepend,
                                    std::optional<::mlir::Location> loc);
  }];
}

//===----------------------------------------------------------------------===//
// Batching: unbatch_grad
//===----------------------------------------------------------------------===//

def TA_UnbatchGradOp : TA_Op<"unbatch_grad", [
    InferTypeOpAdaptor,
    MemoryEffects<[MemRead<TA_UnbatchGradResource>,
                   MemWrite<TA_UnbatchGradResource>]>]> {
  let summary = "routes the gradients of a batched computation back to the "
                "batch (UnbatchGrad)";
  let description = [{
    A rendezvous keyed by (`container`, `shared_name`), shared across
    invocations and threads. Every call registers `grad` under `id`. The
    call whose `original_input` is non-empty owns the batch: it waits until
    every id in column 0 of its `batch_index` has delivered, then returns
    their grads concatenated along dim 0 in `batch_index` row order (the
    start/end columns are ignored). Every other call returns an empty tensor
    of shape `[0] ++ grad.shape[1:]` at once. The result type is
    `[?] ++ grad.shape[1:]`.

    An empty `shared_name` stands for a name unique to the op (TensorFlow
    uses the node name): `ta-lower-to-memref` names it
    `<function>/unbatch_grad_<k>`.

    `timeout_micros` (ta's own; TensorFlow waits forever) bounds how long an
    owner waits for its batch; past it the program stops with an error that
    lists the missing ids. Without it the runtime's default applies
    (`ta_unbatch_grad_set_timeout`, environment variable
    `TA_UNBATCH_GRAD_TIMEOUT_MICROS`; by default none).

    Runtime errors (TensorFlow's texts):
    - "Two runs with the same batch key."
    - "batch_index is empty while the tensor isn't."
    - "Batch key with valid batch used twice.", "Missing tensor wanted by
      more than one batch.", "bad bookkeeping of available tensors."
      (bookkeeping)
    - the concatenation's "Ranks of all input tensors should match ..." and
      "Dimensions of inputs should match ..."

    The verifier rejects a `batch_index` not of shape `[?, 3]`, a scalar
    `grad`, and `original_input`/`grad` element types or ranks that differ.

    Example:

    ```mlir
    %r = ta.unbatch_grad %orig, %bi, %g, %id {shared_name = "ug"}
        : tensor<?x2xf32>, tensor<?x3xi64>, tensor<?x2xf32>
    // %r : tensor<?x2xf32>
    ```
  }];
  let arguments = (ins
    AnyTensor:$original_input,
    2DTensorOf<[I64]>:$batch_index,
    AnyTensor:$grad,
    I64:$id,
    DefaultValuedStrAttr<StrAttr, "">:$container,
    DefaultValuedStrAttr<StrAttr, "">:$shared_name,
    OptionalAttr<ConfinedAttr<I64Attr, [IntPositive]>>:$timeout_micros
  );
  let results = (outs AnyTensor:$batched_grad);
  let assemblyFormat = [{
    $original_input `,` $batch_index `,` $grad `,` $id attr-dict `:`
    type($original_input) `,` type($batch_index) `,` type($grad)
  }];
  let hasVerifier = 1;
}

#endif // TA_DIALECT_TA_IR_TAOPS_TD
