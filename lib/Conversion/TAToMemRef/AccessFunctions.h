//===- AccessFunctions.h - one function per element access ------*- C++ -*-===//
//
// A ta.write or ta.read lowers to one call: TensorFlow's Write and Read of a
// slot (ArrayEmitter::writeSlot, readSlotOffset), with their checks, state
// updates and growth, are the body of an internal function defined once per
// array kind, element type and checks mode in the module, on first use. The
// code at each op is then a few operations, whatever the checks: a module
// of thousands of accesses lowers and compiles in time proportional to the
// accesses, not to the code of each; the calls of accesses inside loops are
// marked for LLVM to inline.
//
//===----------------------------------------------------------------------===//

#ifndef TA_LIB_CONVERSION_TATOMEMREF_ACCESSFUNCTIONS_H
#define TA_LIB_CONVERSION_TATOMEMREF_ACCESSFUNCTIONS_H

#include "ArrayEmitter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::ta::lowering {

/// Prefixes of the access functions' names (reserved, like the growth
/// functions').
inline constexpr StringLiteral kWriteFunctionPrefix = "__ta_write_";
inline constexpr StringLiteral kReadFunctionPrefix = "__ta_read_";
/// The prefix of the gradient functions' names (GradLowering.cpp:
/// ta.grad's accumulator lookup and creation), reserved too.
inline constexpr StringLiteral kGradFunctionPrefix = "__ta_grad_";
/// The prefix of the split functions' names (SplitLowering.cpp: a
/// strict ta.split), reserved too.
inline constexpr StringLiteral kSplitFunctionPrefix = "__ta_split_";
/// The prefix of the concat functions' names (ConcatLowering.cpp), and of
/// its count functions' under it, reserved too.
inline constexpr StringLiteral kConcatFunctionPrefix = "__ta_concat_";
inline constexpr StringLiteral kConcatCountFunctionPrefix =
    "__ta_concat_count_";
/// The prefix of the gather functions' names (GatherLowering.cpp),
/// reserved too.
inline constexpr StringLiteral kGatherFunctionPrefix = "__ta_gather_";
/// The prefix of the scatter functions' names (ScatterLowering.cpp),
/// reserved too.
inline constexpr StringLiteral kScatterFunctionPrefix = "__ta_scatter_";
/// The prefix of the create functions' names and the close function's
/// name (LifecycleLowering.cpp), reserved too.
inline constexpr StringLiteral kCreateFunctionPrefix = "__ta_create_";
inline constexpr StringLiteral kCloseFunctionName = "__ta_close";
/// `(box, view, i64 source) -> ()`: the type of every gradient function
/// (the forward array's box, the accumulator's handle, the source's name).
FunctionType getGradFunctionType(MLIRContext *context);
/// `(box, index size, i64 flags, i64 name) -> ()`: the type of every create
/// function (LifecycleLowering.cpp).
FunctionType getCreateFunctionType(MLIRContext *context);
/// `(box) -> ()`: the type of the close function.
FunctionType getCloseFunctionType(MLIRContext *context);

/// `<prefix><kind>_<checks>_<element>`: the name of an internal function of
/// `layout`'s arrays whose body depends on their kind (accumulator,
/// growable where `write`, else fixed), checks mode and element shape.
std::string accessFunctionName(StringRef prefix, const ArrayLayout &layout,
                               bool write);

/// `<dims>x<element type>` with every other character `_`: an element
/// shape in an internal function's name (`2x3xf32`).
std::string elementName(RankedTensorType element);

/// The internal function `name` of type `type` of `e`'s arrays (see
/// lookupOrDefineInternalFunction), its body built by `body` (which gives
/// the returned values) with an emitter of those arrays, of `e`'s checks
/// mode, from the function's arguments. `kind` ("write", "read" or empty:
/// a function of another kind) goes into its kAccessAttr.
func::FuncOp lookupOrDefineArrayFunction(
    const ArrayEmitter &e, StringRef name, FunctionType type,
    llvm::function_ref<SmallVector<Value>(ArrayEmitter &, ValueRange)> body,
    StringRef kind = "");

/// Marks `args`, memref arguments of an internal function (the tensors a
/// bulk function reads, the result it fills), `llvm.noalias`: ta's own
/// memory (boxes, buffers) is never a tensor's, and a result is allocated
/// for the call, so nothing else the function touches aliases them
/// (ta-convert-to-llvm carries the mark to their pointers).
void markNoAlias(ValueRange args);

/// The type of a value a write function takes: the element shape with
/// row-major strides and any offset (a row of a batch, in place).
MemRefType getWriteSourceType(const ArrayLayout &layout);

/// `(box, i64 i, source) -> ()`: TensorFlow's Write of `source` to slot `i`
/// of the array in `box`. Null when another symbol has its name.
func::FuncOp lookupOrDefineWriteFunction(const ArrayEmitter &e);

/// `(box, i64 i) -> index`: TensorFlow's Read of slot `i` of the array in
/// `box`, giving the byte offset of the slot's data in the buffer the box
/// holds afterwards (ArrayLayout::elementAt). Null when another symbol has
/// its name.
func::FuncOp lookupOrDefineReadFunction(const ArrayEmitter &e);
/// `(buffer, i64 capacity, i64 i, source) -> ()`: the Write of `source` to
/// slot `i` of `buffer` (of `capacity` slots), which is there
/// (ArrayEmitter::writeInBounds): what a bulk write whose indices were
/// checked once runs per index. Null when another symbol has its name.
func::FuncOp lookupOrDefineInBoundsWriteFunction(const ArrayEmitter &e);
/// `(buffer, i64 capacity, i8 clear, i64 i) -> index`: the Read of slot `i`
/// of `buffer`, which is there (ArrayEmitter::readInBounds, `clear` its
/// readClearBits), giving the slot's byte offset. Null when another symbol
/// has its name.
func::FuncOp lookupOrDefineInBoundsReadFunction(const ArrayEmitter &e);
/// `(buffer, i64 flags, i64 size, i64 capacity, i64 i) -> index`: the Read
/// of slot `i` of a forward array whose header words were loaded before
/// (ArrayEmitter::readLoadedSlotOffset), giving the slot's byte offset:
/// what a gather runs per index. Null when another symbol has its name.
func::FuncOp lookupOrDefineLoadedReadFunction(const ArrayEmitter &e);

/// The attribute that marks a function as an access function of
/// ta-lower-to-memref: `{kind = "write" | "read", size, element, grad}` (the
/// handle type's) `checks = "strict" | "none"}`, what
/// ta-version-access-loops reads.
inline constexpr StringLiteral kAccessAttr = "ta.access";
/// What the kAccessAttr of an access function says.
struct MarkedAccess {
  HandleType type;
  bool write;
  ChecksMode checks;
};
/// The mark of access function `function`; nullopt without a valid one.
std::optional<MarkedAccess> getMarkedAccess(func::FuncOp function);

/// `(box, i64 lb, i64 ub) -> i1`: ArrayEmitter::claimLoopSlots for the
/// writes (`write`) or reads of a loop. Null when another symbol has its
/// name.
func::FuncOp lookupOrDefineLoopClaimFunction(const ArrayEmitter &e, bool write);
/// The Write and Read of a slot of a loop the claim accepted
/// (ArrayEmitter::writePrecheckedSlot, readPrecheckedSlotOffset):
/// `(buffer, i64 i, source)` and `(i64 i) -> index`, the buffer read once
/// before the loop (a slot's address does not depend on the capacity).
/// Null when another symbol has the name.
func::FuncOp lookupOrDefinePrecheckedWriteFunction(const ArrayEmitter &e);
func::FuncOp lookupOrDefinePrecheckedReadFunction(const ArrayEmitter &e);

/// The function of `e`'s arrays that `lookup` gives when accesses are
/// outlined, null when they are written out; a match failure of `op` when
/// its name is taken by another symbol.
FailureOr<func::FuncOp>
getAccessFunction(const ArrayEmitter &e, bool outline,
                  func::FuncOp (*lookup)(const ArrayEmitter &), Operation *op,
                  RewriterBase &rewriter);

/// TensorFlow's Read of slot `i` (an i64) of the array in `box`, as
/// ArrayEmitter::readSlot gives it (a view of the slot, valid until the next
/// operation on the array): a call of `read` and a view of the slot, or with
/// a null `read` the code written out. `inLoop`: LLVM inlines the call.
Value readElement(ArrayEmitter &e, func::FuncOp read, Value box, Value i,
                  bool inLoop);
/// The same of slot `i` of `buffer` of `capacity` slots (an i64), which is
/// there: a call of `read` (lookupOrDefineInBoundsReadFunction, inlined by
/// LLVM) or, null, ArrayEmitter::readInBounds written out.
Value readElementInBounds(ArrayEmitter &e, func::FuncOp read, Value buffer,
                          Value capacity, Value clear, Value i);

/// The same of slot `i` of a forward array in `buffer` whose header words
/// were loaded before: a call of `read` (lookupOrDefineLoadedReadFunction,
/// inlined by LLVM) or, null, ArrayEmitter::readLoadedSlotOffset written
/// out.
Value readElementLoaded(ArrayEmitter &e, func::FuncOp read, Value buffer,
                        Value flags, Value size, Value capacity, Value i);

/// TensorFlow's Write of `source` (a row-major view of one element) to slot
/// `i` of the array in `box` as a call of `write`. `inLoop`: LLVM inlines it.
void writeElement(ArrayEmitter &e, func::FuncOp write, Value box, Value i,
                  Value source, bool inLoop);
/// The same to slot `i` of `buffer` of `capacity` slots (an i64), which is
/// there: a call of `write` (lookupOrDefineInBoundsWriteFunction, inlined
/// by LLVM) or, null, ArrayEmitter::writeInBounds written out.
void writeElementInBounds(ArrayEmitter &e, func::FuncOp write, Value buffer,
                          Value capacity, Value i, Value source);

/// The attribute of a call that LLVM must inline (func.call's discardable
/// `always_inline`, which ConvertFuncToLLVM carries to llvm.call).
inline constexpr StringLiteral kAlwaysInline = "always_inline";

/// The most calls of bulk and create functions in one function that
/// callInlined marks for LLVM to inline.
inline constexpr int64_t kMaxInlinedCalls = 8;

/// A call of `function`, a bulk or create function, marked for LLVM to
/// inline while the function the call is in has fewer than
/// kMaxInlinedCalls such marked calls: the function's loops then see what
/// the caller knows of the array (a header its create wrote in the same
/// function, constant counts), as they did written out. The IR through
/// MLIR's passes stays one call per op; LLVM's grows by the function's body
/// at each marked call, which the budget bounds. (Measured: strict scatter
/// + gather of 16 B elements in 1 MiB, 2.2-2.8x the floor where three
/// kernels of one module shared the functions and LLVM inlined none of
/// them, 1.5x inlined; a function of 450 bulk ops took LLVM's opt -O2 and
/// llc 8.3 s with every call marked, 0.2 s with none, 0.3 s within the
/// budget.)
func::CallOp callInlined(OpBuilder &b, Location loc, func::FuncOp function,
                         ValueRange operands);

/// Whether the access of ta op `op` runs in a loop, where LLVM is to inline
/// its call (its code runs many times: a call there would cost more than
/// its copy of the code); elsewhere LLVM inlines where it pays, and
/// straight-line code of many accesses stays small in LLVM too.
bool isInLoop(Operation *op);

/// Whether `op` is a symbol under a name reserved for the internal
/// functions of ta-lower-to-memref (growth, access, bulk, gradient, create,
/// close, the fresh-buffer test) that is not one the lowering defines: a
/// declaration, a public function, or (the functions of one type each:
/// growth, gradient, create, close, the fresh-buffer test) an internal one
/// of another type. (An internal definition of the lowering's is taken as
/// the lowering's own, from an earlier run on the module; an access or
/// bulk function of the wrong type fails the op that would call it.)
bool takesReservedName(Operation *op);

} // namespace mlir::ta::lowering

#endif // TA_LIB_CONVERSION_TATOMEMREF_ACCESSFUNCTIONS_H
