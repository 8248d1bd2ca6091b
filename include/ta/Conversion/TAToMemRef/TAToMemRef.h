//===- TAToMemRef.h - ta to memref conversion -------------------*- C++ -*-===//
//
// Patterns that lower ta operations to memref/scf/arith code.
//
//===----------------------------------------------------------------------===//

#ifndef TA_CONVERSION_TATOMEMREF_TATOMEMREF_H
#define TA_CONVERSION_TATOMEMREF_TATOMEMREF_H

#include "ta/Dialect/TA/IR/TATypes.h"
#include "ta/Runtime/TAABI.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <optional>

namespace mlir::ta {
namespace lowering {
class SymbolCache;
} // namespace lowering

/// How much of TensorFlow's runtime checking lowered code does.
enum class ChecksMode {
  /// Per-slot state and every runtime error, with TensorFlow's texts.
  Strict,
  /// No state and no checks (XLA-like); valid programs compute the same.
  None,
};

/// Converts `!ta.handle` to its box memref and erases `!ta.flow` (1:0).
class TATypeConverter : public TypeConverter {
public:
  explicit TATypeConverter(MLIRContext *context);
  /// The box type every handle converts to.
  static MemRefType getBoxType(MLIRContext *context);
};

/// Module-wide numbering of gradient sources: a forward array's box holds
/// one accumulator slot per source, so `ta.grad` finds the accumulator of
/// (array, source) in O(1) wherever the handle flows.
class GradSourceTable {
public:
  /// Numbers the sources of every ta.grad/ta.grad_with_shape under `root`,
  /// in sorted order.
  static GradSourceTable collect(Operation *root);
  int64_t size() const { return ids.size(); }
  std::optional<int64_t> lookup(StringRef source) const;
  /// Whether an accumulator of source `id` for an array of static element
  /// shape may be one libta_runtime keeps: some ta.grad_with_shape of the
  /// source gives one of open element shape (a run-time shape_to_prepend).
  /// Its slot is then released through the runtime.
  bool mayBeKeptByRuntime(int64_t id) const {
    return keptByRuntime.contains(id);
  }
  bool someKeptByRuntime() const { return !keptByRuntime.empty(); }

private:
  llvm::StringMap<int64_t> ids;
  llvm::DenseSet<int64_t> keptByRuntime;
};

/// The arrays whose handles cannot escape the block of their `ta.create`:
/// every alias (the handle, its accumulators' handles, and the values
/// `scf.for` / `scf.if` / `scf.execute_region` carry them through) is used
/// only by ta operations in that block or in regions nested in it, or passed
/// to a function of the module that does the same with it. The lowering
/// frees them, accumulators included, at the end of that block; other
/// arrays are freed by `ta.close`.
class BlockLocalArrays {
public:
  /// Analyses every `ta.create` under `root`.
  static BlockLocalArrays analyze(Operation *root);
  bool contains(Operation *create) const { return creates.contains(create); }

private:
  llvm::DenseSet<Operation *> creates;
};

/// The arrays whose slots nothing reads or writes: a `ta.create` of static
/// element shape whose handle only ta.grad, ta.grad_with_shape, ta.size and
/// ta.close take (the handle itself: no loop, call or branch carries it),
/// as a forward array that exists only to size its gradients does. Their
/// buffer is the header alone: no slot is ever written, so no state or data
/// is kept (a gradient of one copies no written bits), and ta.close marks
/// the header closed in place.
class DatalessArrays {
public:
  /// Analyses every `ta.create` under `root`.
  static DatalessArrays analyze(Operation *root);
  bool contains(Operation *create) const { return creates.contains(create); }
  /// Whether `handle` is the result of one of these ta.create ops.
  bool holds(Value handle) const {
    Operation *op = handle.getDefiningOp();
    return op && creates.contains(op);
  }

private:
  llvm::DenseSet<Operation *> creates;
};

/// The arrays whose first operation writes every slot: a `ta.create` of
/// constant size N (not dynamic_size) and static element shape whose
/// handle's first use, in its block (no operation between them takes the
/// handle, nested ones included), is a ta.scatter of N indices or a
/// ta.split of N lengths (static counts). That op, in a valid program,
/// writes each of the N slots once (TensorFlow fails a duplicate or
/// out-of-range index, and a split whose count is not the size of an array
/// that cannot grow; in strict mode ta fails them before any read), as
/// `TensorArray.unstack` and `split` do. Their data need not be zeroed at
/// creation: only the header and the state are.
///
/// With `loops`, also the arrays whose first use is a loop writing its
/// range: an `scf.for` of step 1 in the create's block whose only use of the
/// handle (nested ones included; not an operand of the loop itself) is one
/// `ta.write %h[%iv]` directly in its body, as a loop filling an array from
/// a tensor of run-time length is. It writes every slot of [lb, ub) before
/// anything can read one; the lowering zeroes the slots of [0, N) outside
/// that range before the loop (all of them where it is empty) instead of
/// every slot at creation.
///
/// With `reserve`, a growable array (dynamic_size, static element shape)
/// whose first use is such a loop is not filled (its initial slots are
/// zeroed as any array's), but the loop will grow it to `ub` slots unless
/// it fails first: the lowering reserves that capacity before the loop
/// (where 0 <= lb < ub), in one allocation instead of a growth, and a copy
/// of every slot, each time the capacity doubles. Capacity is not
/// observable; a reservation that cannot be had is skipped, so that the
/// loop fails as it would have.
class FilledArrays {
public:
  /// Analyses every `ta.create` under `root`.
  static FilledArrays analyze(Operation *root, bool loops = false,
                              bool reserve = false);
  bool contains(Operation *create) const { return creates.contains(create); }
  /// The loop that writes the range of `create`'s array, for one filled by
  /// a loop; null otherwise.
  scf::ForOp fillingLoop(Operation *create) const {
    return loops.lookup(create);
  }
  /// The loop writing its range that is the first use of `create`'s
  /// growable array, for which capacity is reserved; null otherwise.
  scf::ForOp reservingLoop(Operation *create) const {
    return reserving.lookup(create);
  }

private:
  llvm::DenseSet<Operation *> creates;
  llvm::DenseMap<Operation *, scf::ForOp> loops;
  llvm::DenseMap<Operation *, scf::ForOp> reserving;
};

/// The arrays small enough to live in their function's frame: a
/// block-local array (BlockLocalArrays) created in the entry block of a
/// func.func, of fixed constant size and static element shape, at most
/// kMaxBytes of buffer (kMaxFunctionBytes in all per function), whose handle
/// every user takes directly (ta ops only: no call, loop or branch carries
/// it). Its buffer and box are stack allocations (memref.alloca); ta.close
/// marks it closed in place, and nothing frees it (growth cannot happen).
///
/// The accumulators of one gradient source of such an array live in the
/// frame too when every ta.grad / ta.grad_with_shape of that source on it
/// gives the same accumulator type, of static element shape, whose handle
/// only ta ops take, and its buffer fits the same budgets: ta.create
/// reserves that buffer in the frame (box slot reservedSlot) and the
/// gradient op that creates the accumulator takes it. Other accumulators
/// stay on the heap.
class FrameArrays {
public:
  static constexpr int64_t kMaxBytes = 4096;
  static constexpr int64_t kMaxFunctionBytes = 16384;
  /// Analyses every `ta.create` under `root` among `blockLocal`, with the
  /// module's gradient sources (a dataless array's buffer counts as its
  /// header).
  static FrameArrays analyze(Operation *root,
                             const BlockLocalArrays &blockLocal,
                             const DatalessArrays &dataless,
                             const GradSourceTable &sources);
  bool contains(Operation *create) const { return creates.contains(create); }
  /// Whether the array behind `handle` lives in the frame: `handle` is the
  /// result of one of these ta.create ops or of a gradient op whose
  /// accumulator is in the frame.
  bool holds(Value handle) const;
  /// The accumulator types of `create`'s gradient sources reserved in its
  /// frame, indexed by source id (null: on the heap); empty for none.
  ArrayRef<HandleType> accumulators(Operation *create) const {
    auto it = reserved.find(create);
    return it == reserved.end() ? ArrayRef<HandleType>() : it->second;
  }
  /// The box slot holding the frame buffer reserved for the accumulator of
  /// source `id`, among `sources` gradient sources: after the array's own
  /// slot and one slot per source.
  static int64_t reservedSlot(int64_t sources, int64_t id) {
    return 1 + sources + id;
  }

private:
  llvm::DenseSet<Operation *> creates;
  llvm::DenseMap<Operation *, SmallVector<HandleType>> reserved;
  /// The gradient ops whose accumulators are in the frame.
  llvm::DenseSet<Operation *> grads;
};

/// What the ta-to-memref patterns are told, rather than read from the IR.
struct TAToMemRefOptions {
  ChecksMode checks = ChecksMode::Strict;
  /// The gradient sources of the whole module (GradSourceTable::collect):
  /// every array of the module must be created with the same table.
  GradSourceTable sources;
  /// The `ta.create` ops whose arrays are freed at the end of their block
  /// (BlockLocalArrays::analyze); none when empty.
  BlockLocalArrays blockLocal;
  /// The `ta.create` ops whose arrays are their header alone
  /// (DatalessArrays::analyze); none when empty.
  DatalessArrays dataless;
  /// The `ta.create` ops whose first operation writes every slot
  /// (FilledArrays::analyze): their data is not zeroed; none when empty.
  FilledArrays filled;
  /// Whether a growable array gets the capacity a scatter needs before it
  /// (ArrayEmitter::reserveFor; a loop filling one gets it through
  /// `filled`).
  bool reserveCapacity = false;
  /// The `ta.create` ops whose arrays live in their function's frame
  /// (FrameArrays::analyze, a subset of blockLocal); none when empty.
  FrameArrays frame;
  /// Whether ta.write and ta.read become calls of the module's access
  /// functions (`__ta_write_*`, `__ta_read_*`, defined on first use: a few
  /// operations per access) rather than their code written out at each.
  bool outlineAccesses = true;
  /// Whether the element data a gather or scatter moves is moved by one
  /// loop nest (`scf.parallel` over rows and elements, at the rows' slots)
  /// after the per-slot checks and state updates of every index, rather
  /// than slot by slot among them: on a GPU, one kernel per bulk op
  /// (BulkMoves.h). Only where accesses are written out.
  bool bulkMoves = false;
  /// The symbol tables of the modules the patterns lower, shared by the
  /// patterns that hold these options (populateTAToMemRefConversionPatterns
  /// gives its patterns one; patterns without one keep their own). A
  /// pattern set is meant for one run of a conversion.
  std::shared_ptr<lowering::SymbolCache> symbols;
};

/// Gives every ta.unbatch_grad under `root` with an empty shared_name the
/// name `<function>/unbatch_grad_<k>` (k counts the function's unbatch_grad
/// ops in order), as TensorFlow uses the node name: each such op has a
/// rendezvous of its own. The unbatch_grad pattern needs named ops.
void nameUnbatchGradResources(Operation *root);

/// The patterns lowering the ta operations to memref/scf/arith/linalg code,
/// one group per op family. They need nothing of the module beforehand: the
/// runtime functions they call (`_ta_rt_fail`, `_ta_rt_check_accumulator`,
/// `_ta_rt_unbatch_grad*`: see include/ta/Runtime/TAABI.h), the growth
/// functions `__ta_grow_<checks>_<element bytes>`, the access functions
/// `__ta_write_*` / `__ta_read_*` and the constant globals are declared or
/// defined on first use. An op fails to match when a symbol it
/// needs is taken by something else; ta-lower-to-memref diagnoses that
/// first.
///
/// ta.create, ta.size, ta.close, ta.flow_join.
void populateTALifecycleLoweringPatterns(const TATypeConverter &converter,
                                         RewritePatternSet &patterns,
                                         const TAToMemRefOptions &options);
/// ta.write, ta.read.
void populateTAAccessLoweringPatterns(const TATypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      const TAToMemRefOptions &options);
/// ta.gather.
void populateTAGatherLoweringPatterns(const TATypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      const TAToMemRefOptions &options);
/// ta.scatter.
void populateTAScatterLoweringPatterns(const TATypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       const TAToMemRefOptions &options);
/// ta.concat.
void populateTAConcatLoweringPatterns(const TATypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      const TAToMemRefOptions &options);
/// ta.split.
void populateTASplitLoweringPatterns(const TATypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     const TAToMemRefOptions &options);
/// ta.grad, ta.grad_with_shape.
void populateTAGradLoweringPatterns(const TATypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const TAToMemRefOptions &options);
/// ta.unbatch_grad (named first, see nameUnbatchGradResources): calls into
/// libta_runtime's rendezvous, the same code in both checks modes.
void populateTAUnbatchGradLoweringPatterns(const TATypeConverter &converter,
                                           RewritePatternSet &patterns);
/// Forward arrays whose element type leaves dims open (`tensor<?x4xf32>`):
/// create, size, close, write, read, gather, scatter, concat and split as
/// calls of libta_runtime, which keeps their slots, TensorFlow's checks in
/// both checks modes.
void populateTAOpenArrayLoweringPatterns(const TATypeConverter &converter,
                                         RewritePatternSet &patterns,
                                         const TAToMemRefOptions &options);
/// All of the above.
void populateTAToMemRefConversionPatterns(const TATypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          const TAToMemRefOptions &options);

} // namespace mlir::ta

#endif // TA_CONVERSION_TATOMEMREF_TATOMEMREF_H
