//===- BulkMoves.h - a bulk op's element data moved at once -----*- C++ -*-===//
//
// With TAToMemRefOptions::bulkMoves (the GPU pipeline), ta.gather and
// ta.scatter do the per-slot work of every index first (TensorFlow's checks,
// the state updates, growth) and move no data there; then their rows move
// between the array's slots and the op's value in one loop nest, an
// `scf.parallel` over the rows and the elements of a row, which
// ta-parallel-loops-to-gpu makes one kernel. Row k's slot is the k-th index
// itself: a slot's data lies at the same offset whatever the capacity
// (ArrayLayout.h), so the loop reads the indices and needs no table the
// per-slot loop would fill.
//
//===----------------------------------------------------------------------===//

#ifndef TA_LIB_CONVERSION_TATOMEMREF_BULKMOVES_H
#define TA_LIB_CONVERSION_TATOMEMREF_BULKMOVES_H

#include "IndexVectors.h"

namespace mlir::ta::lowering {

/// Which way moveSlotRows copies.
enum class RowMove { IntoSlots, OutOfSlots };

/// Copies row k of `rows` (`[count] ++ element`, row-major at any offset)
/// into slot `indices[k]` of `buffer` (IntoSlots), or that slot into row k
/// (OutOfSlots), for every k below the indices' count: one `scf.parallel`
/// over rows and the elements of a row (the element's dims as one). The
/// indices must have passed the op's checks, and the slots' per-slot work
/// be done, before: the loop moves data only.
void moveSlotRows(ArrayEmitter &e, Value buffer, const IndexVector &indices,
                  Value rows, RowMove direction);

} // namespace mlir::ta::lowering

#endif // TA_LIB_CONVERSION_TATOMEMREF_BULKMOVES_H
