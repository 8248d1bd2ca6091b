//===- RuntimeFunctions.h - what lowered code calls and reads ---*- C++ -*-===//
//
// The functions and constants lowered ta code refers to, each looked up or
// created in the module on first use, so that the patterns need no
// preparation of the module: libta_runtime's entry points (declared), the
// growth function of an element size (defined, internal) and the constant
// globals holding names, element shapes and unbatch_grad sites.
//
//===----------------------------------------------------------------------===//

#ifndef TA_LIB_CONVERSION_TATOMEMREF_RUNTIMEFUNCTIONS_H
#define TA_LIB_CONVERSION_TATOMEMREF_RUNTIMEFUNCTIONS_H

#include "ArrayLayout.h"
#include "ta/Dialect/TA/Utils/RuntimeCalls.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::ta::lowering {

/// The top-level symbols of a module by name, built on first use: the
/// lookups of every lowered op (runtime functions, growth and access
/// functions, constant globals) cost O(1) rather than a walk of the
/// module's ops each (quadratic in the size of a module of many functions).
/// Symbols created through other tables later are found by `lookupFresh`,
/// which every creation calls first.
class ModuleSymbols {
public:
  explicit ModuleSymbols(ModuleOp module) : module(module) {}

  /// The symbol `name` as this table knows it (one created since through
  /// another table may be missing: use for checks that a name is free of
  /// other symbols, which can only be there from the start).
  Operation *lookup(StringRef name);
  /// The symbol `name`, looking at the module itself when the table does
  /// not have it; call before creating `name`.
  Operation *lookupFresh(StringRef name);
  /// Records a symbol just created in the module.
  void insert(Operation *symbol);

  ModuleOp module;

private:
  void build();
  llvm::StringMap<Operation *> table;
  bool built = false;
};

/// The ModuleSymbols of the modules that a set of patterns lowers, shared by
/// the patterns (TAToMemRefOptions::symbols).
class SymbolCache {
public:
  ModuleSymbols &get(ModuleOp module);

private:
  llvm::DenseMap<Operation *, std::unique_ptr<ModuleSymbols>> modules;
};

/// Prefix of the growth functions, `__ta_grow_<checks>_<element bytes>`
/// (the layout of the state depends on the checks mode).
inline constexpr StringLiteral kGrowFunctionPrefix = "__ta_grow_";
/// Prefix of the reservation functions, `__ta_reserve_<checks>_<bytes>`.
inline constexpr StringLiteral kReserveFunctionPrefix = "__ta_reserve_";

/// The runtime function `name` (a TA_RT_* name of TAABI.h; its type from
/// getRuntimeFunctionType, RuntimeCalls.h), declared on first use; null
/// when `module` has another symbol of that name.
func::FuncOp lookupOrDeclareRuntimeFunction(ModuleSymbols &symbols,
                                            StringRef name);

/// Whether the runtime functions a lowering of arrays of `type` may call can
/// be had in `module`: none of their names is taken by another symbol.
bool hasRuntimeFunctions(ModuleSymbols &symbols, const ArrayLayout &layout);

/// Whether libta_runtime's function `name` can be had in `symbols`: no
/// other symbol takes its name (nothing is declared).
bool isRuntimeFunctionAvailable(ModuleSymbols &symbols, StringRef name);

/// Whether `op` is a function definition of internal linkage, as the
/// lowering defines its growth and access functions.
bool isInternalFunction(Operation *op);

/// The internal function `name` of type `type`: the existing one (null when
/// another symbol, or a function of another kind, has the name), or a new
/// one at the end of the module, with an entry block `build` fills (its
/// insertion point at the entry's start; it adds the terminator).
func::FuncOp lookupOrDefineInternalFunction(
    ModuleSymbols &symbols, StringRef name, FunctionType type,
    llvm::function_ref<void(OpBuilder &, Block *)> build);

/// The name of the growth function of arrays with `layout`.
std::string growFunctionName(const ArrayLayout &layout);

/// TA_FRESH_BUFFER_IS_ZERO (TAABI.h): (i64 bytes) -> i1, whether a fresh
/// buffer of that many bytes from libta_runtime is a mapping, zero already.
func::FuncOp lookupOrDefineFreshBufferIsZeroFunction(ModuleSymbols &symbols);
/// Its type, `(i64) -> i1`.
FunctionType getFreshBufferIsZeroType(MLIRContext *context);

/// The growth function of arrays with `layout`, `(box, i64 i) -> ()`,
/// defined on first use: grows the array in `box` to `2 * (i + 1)` slots
/// (TensorFlow's reservation, amortised O(1) per write; for a mapped buffer
/// with state, rounded up to a capacity congruent to the old one modulo
/// TA_MOVE_GRANULE_BYTES): resizes the buffer in place (memref.realloc;
/// a buffer in the frame is copied to the heap), shifts the slots' state to
/// the data's new end (_ta_rt_shift_bytes: pages remapped in a mapping) and
/// zeroes what new slots read. Growth is the cold path of a write: one
/// definition per element size instead of a copy at every write keeps the
/// lowered code small. Internal linkage: each lowered module (strict and
/// none, say) has its own, and they link together.
func::FuncOp lookupOrDefineGrowFunction(ModuleSymbols &symbols,
                                        const ArrayLayout &layout);

/// The name of the reservation function of arrays with `layout`
/// (`overwritten`: see lookupOrDefineReserveFunction).
std::string reserveFunctionName(const ArrayLayout &layout,
                                bool overwritten = false);

/// The reservation function of growable arrays with `layout`, `(box, i64
/// slots) -> ()`, defined on first use: grows the array in `box` to
/// `slots` slots (more than its capacity, at most maxCapacity(); rounded as
/// growth rounds a mapped buffer's) as growth does, where that reallocation
/// succeeds; where it fails (with the runtime's quiet failures) the array
/// stays as it was. Null when the runtime's functions
/// cannot be had or the name is taken (FilledArrays::reservingLoop).
/// `overwritten`: the caller writes every slot below `slots` before
/// anything can read one (a scatter of a range), so their data is not
/// zeroed (a variant only where the data would be: without lazy zeroing).
func::FuncOp lookupOrDefineReserveFunction(ModuleSymbols &symbols,
                                           const ArrayLayout &layout,
                                           bool overwritten = false);

/// Whether `op` is a growth function as lookupOrDefineGrowFunction defines
/// them (a module lowered before, or by the patterns alone, has them).
bool isGrowFunction(Operation *op);

/// Returns the address (as i64) of a private constant global holding
/// `value`, creating `<symbol>` (or `<symbol>.<n>`) in `module` on first use;
/// globals with equal contents are shared.
Value getConstantAddress(OpBuilder &b, Location loc, ModuleSymbols &symbols,
                         std::string symbol, DenseElementsAttr value);
/// The address of a global holding `bytes`, named `<prefix><label>` (with
/// the label's non-alphanumeric characters replaced).
Value getBytesAddress(OpBuilder &b, Location loc, ModuleSymbols &symbols,
                      StringRef prefix, StringRef label, StringRef bytes);
/// The address of a NUL-terminated global holding `name`.
Value getNameAddress(OpBuilder &b, Location loc, ModuleSymbols &symbols,
                     StringRef name);
/// The address of a global `{rank, d0, d1, ...}` describing `shape`.
Value getShapeAddress(OpBuilder &b, Location loc, ModuleSymbols &symbols,
                      ArrayRef<int64_t> shape);
/// The address of a global `{-1}`: a shape of unknown rank.
Value getUnrankedShapeAddress(OpBuilder &b, Location loc,
                              ModuleSymbols &symbols);

} // namespace mlir::ta::lowering

#endif // TA_LIB_CONVERSION_TATOMEMREF_RUNTIMEFUNCTIONS_H
