//===- Executable.h - a ta module compiled for the host ---------*- C++ -*-===//
//
// The one way ta's drivers (the Python package, the C API) run ta code: a
// module lowered with ta-lower-to-llvm and JIT-compiled by MLIR's
// ExecutionEngine, whose public functions are called with memref
// descriptors. It owns what a call returns, and turns libta_runtime's
// errors (TensorFlow's texts) into an llvm::Error instead of ending the
// process.
//
//===----------------------------------------------------------------------===//

#ifndef TA_EXECUTIONENGINE_EXECUTABLE_H
#define TA_EXECUTIONENGINE_EXECUTABLE_H

#include "ta/Conversion/TAToMemRef/TAToMemRef.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace mlir {
class ExecutionEngine;
} // namespace mlir

namespace mlir::ta {

/// A strided memref descriptor of any rank: StridedMemRefType<T, N>
/// (mlir/ExecutionEngine/CRunnerUtils.h) with the rank known at run time.
struct MemRefDescriptor {
  void *allocated = nullptr;
  void *aligned = nullptr;
  int64_t offset = 0;
  SmallVector<int64_t, 4> sizes, strides;

  /// A row-major descriptor of `data` with shape `sizes` (the caller keeps
  /// the data alive).
  static MemRefDescriptor contiguous(void *data, ArrayRef<int64_t> sizes);
};

/// One argument of a call: a tensor as a descriptor, or a scalar (index
/// and integers as int64_t, floats as double), converted to the parameter's
/// type.
struct Argument {
  enum class Kind { Tensor, Integer, Float } kind;
  MemRefDescriptor tensor;
  int64_t integer = 0;
  double real = 0;

  static Argument ofTensor(MemRefDescriptor d) {
    return {Kind::Tensor, std::move(d), 0, 0};
  }
  static Argument ofInteger(int64_t v) { return {Kind::Integer, {}, v, 0}; }
  static Argument ofFloat(double v) { return {Kind::Float, {}, 0, v}; }
};

/// The tensors a call returned, as descriptors of buffers this object owns:
/// it frees them when destroyed (each once; never an argument's buffer, nor
/// a constant global's).
class CallResults {
public:
  CallResults() = default;
  CallResults(CallResults &&) = default;
  CallResults &operator=(CallResults &&) = default;
  ~CallResults();

  ArrayRef<MemRefDescriptor> get() const { return results; }
  size_t size() const { return results.size(); }
  const MemRefDescriptor &operator[](size_t i) const { return results[i]; }

private:
  friend class Executable;
  SmallVector<MemRefDescriptor> results;
  SmallVector<void *> owned;
};

/// A ta module compiled for the host CPU.
class Executable {
public:
  struct Options {
    ChecksMode checks = ChecksMode::Strict;
    /// Shared libraries the code calls: libta_runtime and MLIR's runner
    /// utilities.
    SmallVector<std::string> sharedLibs;
    /// LLVM's optimization level (0-3).
    unsigned optLevel = 2;
    /// Instruments the compiled code with AddressSanitizer, after
    /// optimization: its checks call the ASan runtime, which the process
    /// must have (a build with -fsanitize=address). For fuzzing what the
    /// lowering emits, not for use.
    bool sanitizeAddress = false;
  };

  /// Lowers a clone of `module` (its context must have ta's dialects and
  /// passes registered, see ta/InitAll.h) and JIT-compiles it. Fails with
  /// the pipeline's diagnostics (reported to the context's handlers) or the
  /// ExecutionEngine's error.
  static llvm::Expected<std::unique_ptr<Executable>>
  compile(ModuleOp module, const Options &options);

  ~Executable();

  /// The public functions with bodies, by name, and their types.
  const llvm::StringMap<FunctionType> &functions() const { return types; }

  /// Calls `name`. Tensor arguments must have the parameter's rank and its
  /// static dims (the compiled code may write their buffers); results must
  /// be ranked tensors. Fails on a misuse (unknown function, wrong count or
  /// kind of argument) or a TensorArray runtime error, with its message.
  llvm::Expected<CallResults> call(StringRef name, ArrayRef<Argument> args);

private:
  Executable() = default;
  std::unique_ptr<ExecutionEngine> engine;
  llvm::StringMap<FunctionType> types;
};

} // namespace mlir::ta

#endif // TA_EXECUTIONENGINE_EXECUTABLE_H
