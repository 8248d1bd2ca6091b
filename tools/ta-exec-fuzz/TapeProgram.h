//===- TapeProgram.h - ta programs driven by a run-time op tape -*- C++ -*-===//
//
// The programs ta-exec-fuzz compiles. One program per *shape* (element type
// and shape, static or run-time size, dynamic_size, clear_after_read, kind
// of gradient) interprets a tape of TensorArray ops given at run time: every
// op, index, index vector, value, length and size is an argument, so a
// compiled shape runs any sequence of ops on any values, and a fuzzer input
// costs a call, not a compilation.
//
//   @run(%size: index, %tape: tensor<?x5xi64>, %split: index,
//        %rows: tensor<?xExT>, %pieces: tensor<?xE[1:]xT>,
//        %grad_rows: tensor<?xGxT>, %grad_pieces: tensor<?xG[1:]xT>,
//        %indices: tensor<?xi64>, %lengths: tensor<?xi64>)
//     -> (tensor<kValueCapacityxT>, tensor<kIntegerCapacityxi64>,
//         tensor<2xindex>)
//
// creates the forward array, runs tape steps [0, split) on it, takes its
// gradient (if the shape has one; G is the accumulator's element shape,
// shape_to_prepend ++ E) and runs steps [split, n), whose ops 12-23 address
// the accumulator. Each step is (op, a, b, c, d); see TapeOp. Values read
// (read, gather, concat) are appended, flattened, to the first result and
// integers (size, concat's lengths) to the second; the third holds both
// cursors, which advance past the capacity while what does not fit is
// dropped. Where the element shape has an open dim (libta_runtime's arrays),
// each write slices its row to a length of its own (slots of different
// shapes), and every value read appends its open dims to the integers
// before its values.
//
//===----------------------------------------------------------------------===//

#ifndef TA_TOOLS_EXECFUZZ_TAPEPROGRAM_H
#define TA_TOOLS_EXECFUZZ_TAPEPROGRAM_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ta::execfuzz {

enum class DType : uint8_t { F32, F64, I32, I64 };

/// Bytes of one value of `type`.
unsigned byteWidth(DType type);
bool isFloat(DType type);
/// The MLIR spelling of `type` ("f32").
const char *typeName(DType type);

/// A step of the tape: (op, a, b, c, d). Slices name [offset, offset +
/// count) of an argument; the driver keeps them inside it.
enum class TapeOp : int64_t {
  Write = 0,   // write(index a, rows[b])
  Read = 1,    // read(index a)
  Gather = 2,  // gather(indices[a, a+b))
  Scatter = 3, // scatter(indices[a, a+b), rows[c, c+d))
  Concat = 4,  // concat
  Split = 5,   // split(pieces[a, a+b), lengths[c, c+d))
  Size = 6,    // size
  Close = 7,   // close
  // Loops of accesses at their induction variable (ta-version-access-loops
  // claims the strict ones): write(k, rows[(b + k - a) mod rows]) and
  // read(k) for k in [a, a + d) (the sum wrapping, as index arithmetic
  // does); static element shapes only.
  WriteLoop = 8,
  ReadLoop = 9,
  // Loops over [kRowsBegin, kRowsEnd): write(k, rows[k]) where there are
  // kRowsEnd rows or more (else nothing), and read(k) into row k of a
  // tensor, each row then appended (a claimed one is one copy of the
  // range); static element shapes only. The bounds are constants, or, where
  // b is odd, the lower one is computed at run time (the copy of a run-time
  // number of rows).
  WriteRows = 10,
  ReadRows = 11,
  // TensorArray.stack() and .unstack(): the index vector the range
  // 0, 1, ..., n - 1 (a tensor.generate of its index, i64), which the
  // lowering neither materializes nor scans: gather(range(0, b)) and
  // scatter(range(0, d), rows[c, c+d)).
  GatherRange = 12,
  ScatterRange = 13,
};
constexpr int64_t kNumTapeOps = 14;
/// Added to an op of the steps after the gradient: the op addresses the
/// accumulator.
constexpr int64_t kGradOpBase = 14;
constexpr int64_t kRowsBegin = 1, kRowsEnd = 3;
constexpr int64_t kValueCapacity = 4096;
constexpr int64_t kIntegerCapacity = 256;

enum class GradKind : uint8_t { None, Grad, GradWithShape };

struct ProgramShape {
  DType type = DType::F32;
  std::vector<int64_t> element;
  /// The size in the handle type, or none for `?` (then an argument).
  std::optional<int64_t> staticSize;
  bool dynamicSize = false;
  bool clearAfterRead = true;
  /// identical_element_shapes (arrays of open element shape: the first
  /// write fixes the shape).
  bool identical = false;
  /// The handle types' element types are unranked (`tensor<*xT>`; arrays
  /// of open element shape): values are cast to unranked before writes,
  /// scatters and splits; a read is cast back (the lowering's ranked path
  /// for casts), a gather or concat also has its rank appended (a use
  /// other than a cast: the unranked path).
  bool unranked = false;
  GradKind grad = GradKind::None;
  std::vector<int64_t> prepend;
  /// The tape's first step, a WriteLoop on the forward array, runs before
  /// the loop over the tape (the others from step 1): the array's first
  /// use is a loop writing its range (FilledArrays::fillingLoop zeroes the
  /// slots outside it where the size is constant). Needs a step 0 of that
  /// kind, before the gradient.
  bool prefill = false;
  /// Loops of writes and reads are scf.while loops counting an i64 by one
  /// to a bound, as TensorFlow's loops are imported (with an i64 counter:
  /// every index the tape holds is exact), which ta-lower-to-llvm makes
  /// scf.for loops (ta-uplift-counted-loops); otherwise scf.for. Static
  /// element shapes only (the others have no loops).
  bool whileLoops = false;

  /// The accumulator's element shape: prepend ++ element.
  std::vector<int64_t> gradElement() const;
  /// Whether the element shape has an open dim (-1): the array is
  /// libta_runtime's (runtime/DynamicArrays.cpp).
  bool isOpen() const;
  /// Whether concat and split apply (elements of rank 1 or more).
  bool hasBulkOps() const { return !element.empty(); }
  /// A short unique name: the compilation cache's key.
  std::string key() const;
  /// The module holding @run.
  std::string source() const;
};

} // namespace ta::execfuzz

#endif // TA_TOOLS_EXECFUZZ_TAPEPROGRAM_H
