//===- TAPy.cpp - the ta Python module (pybind11) -------------------------===//
//
// ta._ta: parse and verify ta IR (diagnostics raised as ta.DiagnosticError
// carrying the messages), run pass pipelines, and compile a module for the
// CPU with ta-lower-to-llvm and MLIR's ExecutionEngine, calling its
// functions with numpy arrays in and out. Runtime errors of the compiled
// code (TensorFlow's texts) become ta.RuntimeError instead of ending the
// process: libta_runtime's error handler leaves the call with longjmp.
//
//===----------------------------------------------------------------------===//

#include "ta/InitAll.h"
#include "ta/Runtime/TARuntime.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <csetjmp>
#include <cstdlib>
#include <mutex>

namespace py = pybind11;
using namespace mlir;

namespace {

/// Raised with every diagnostic of a failed parse, verification or pass run.
struct DiagnosticError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
/// Raised when compiled code hits a TensorArray runtime error.
struct CompiledCodeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Collects the diagnostics emitted while it lives.
class Diagnostics {
public:
  explicit Diagnostics(MLIRContext &context)
      : handler(&context, [this](Diagnostic &diagnostic) {
          std::string text;
          llvm::raw_string_ostream os(text);
          os << diagnostic.getLocation() << ": " << diagnostic;
          for (Diagnostic &note : diagnostic.getNotes())
            os << "\n  note: " << note.getLocation() << ": " << note;
          messages.push_back(std::move(text));
          return success();
        }) {}

  [[noreturn]] void raise(StringRef what) const {
    std::string text = what.str();
    for (const std::string &message : messages)
      text += "\n" + message;
    throw DiagnosticError(text);
  }

private:
  std::vector<std::string> messages;
  ScopedDiagnosticHandler handler;
};

std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  ta::registerAllDialects(registry);
  auto context = std::make_unique<MLIRContext>(registry);
  context->loadAllAvailableDialects();
  return context;
}

void registerOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    ta::registerAllPasses();
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

void runPipeline(ModuleOp module, StringRef pipeline) {
  registerOnce();
  MLIRContext &context = *module.getContext();
  Diagnostics diagnostics(context);
  std::string error;
  llvm::raw_string_ostream errorStream(error);
  // The overload that returns a manager takes the anchored text
  // ("builtin.module(...)"); the one that fills a manager would nest it.
  FailureOr<OpPassManager> parsed = parsePassPipeline(pipeline, errorStream);
  if (failed(parsed))
    throw DiagnosticError("invalid pass pipeline '" + pipeline.str() +
                          "': " + error);
  PassManager pm(&context, parsed->getOpAnchorName());
  static_cast<OpPassManager &>(pm) = std::move(*parsed);
  if (failed(pm.run(module)))
    diagnostics.raise("pass pipeline '" + pipeline.str() + "' failed:");
}

/// A parsed module with its own context.
class Module {
public:
  explicit Module(const std::string &source) : context(makeContext()) {
    Diagnostics diagnostics(*context);
    module = parseSourceString<ModuleOp>(source, context.get(),
                                         /*sourceName=*/"<python>");
    if (!module)
      diagnostics.raise("cannot parse the module:");
  }

  std::string str() {
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    return text;
  }

  void verify() {
    Diagnostics diagnostics(*context);
    if (failed(mlir::verify(module->getOperation())))
      diagnostics.raise("the module does not verify:");
  }

  void runPipeline(const std::string &pipeline) {
    ::runPipeline(*module, pipeline);
  }

  ModuleOp get() { return *module; }
  MLIRContext &getContext() { return *context; }

private:
  std::unique_ptr<MLIRContext> context;
  OwningOpRef<ModuleOp> module;
};

/// What a compiled function takes and returns.
struct Signature {
  SmallVector<Type> inputs, results;
};

int64_t elementBytes(Type type) {
  if (type.isInteger(1))
    return 1;
  return type.getIntOrFloatBitWidth() / 8;
}

std::string typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

py::dtype dtypeOf(Type type) {
  if (type.isF32())
    return py::dtype::of<float>();
  if (type.isF64())
    return py::dtype::of<double>();
  if (type.isInteger(1))
    return py::dtype::of<bool>();
  if (type.isInteger(8))
    return py::dtype::of<int8_t>();
  if (type.isInteger(16))
    return py::dtype::of<int16_t>();
  if (type.isInteger(32))
    return py::dtype::of<int32_t>();
  if (type.isInteger(64))
    return py::dtype::of<int64_t>();
  throw py::type_error("element type " + typeString(type) +
                       " has no numpy dtype here");
}

thread_local std::jmp_buf *failureTarget;
thread_local std::string failureMessage;

void onRuntimeError(const char *message, void *) {
  failureMessage = message;
  std::longjmp(*failureTarget, 1);
}

/// Calls `function` with libta_runtime's errors turned into a C++ exception.
/// Nothing with a destructor may live between setjmp and the call.
void callGuarded(void (*function)(void **), void **args) {
  std::jmp_buf target;
  std::jmp_buf *previous = failureTarget;
  failureTarget = &target;
  ta_runtime_error_handler old =
      ta_runtime_set_error_handler(onRuntimeError, nullptr);
  bool failedCall = false;
  if (setjmp(target) == 0)
    function(args);
  else
    failedCall = true;
  ta_runtime_set_error_handler(old, nullptr);
  failureTarget = previous;
  if (failedCall)
    throw CompiledCodeError(failureMessage);
}

/// A Python number as a scalar argument, or a TypeError that says which.
template <typename T>
T scalarArgument(py::handle value, const std::string &where, const char *what) {
  try {
    return value.cast<T>();
  } catch (const py::cast_error &) {
    throw py::type_error(where + " must be " + what + ", not " +
                         std::string(py::str(py::type::of(value))));
  }
}

/// A module compiled for the CPU.
class Executable {
public:
  Executable(Module &source, const std::string &checks,
             const std::vector<std::string> &sharedLibs, int optLevel) {
    registerOnce();
    ModuleOp module = source.get();
    OwningOpRef<ModuleOp> copy = module.clone();
    for (auto function : copy->getOps<func::FuncOp>()) {
      if (function.isExternal() || !function.isPublic())
        continue;
      Signature signature;
      for (Type type : function.getArgumentTypes())
        signature.inputs.push_back(type);
      for (Type type : function.getResultTypes())
        signature.results.push_back(type);
      signatures[function.getName().str()] = signature;
      function->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                        UnitAttr::get(function.getContext()));
    }
    if (checks != "strict" && checks != "none")
      throw py::value_error("checks must be 'strict' or 'none', not '" +
                            checks + "'");
    ::runPipeline(*copy,
                  "builtin.module(ta-lower-to-llvm{checks=" + checks + "})");
    SmallVector<StringRef> libs(sharedLibs.begin(), sharedLibs.end());
    ExecutionEngineOptions options;
    options.sharedLibPaths = libs;
    auto transformer = makeOptimizingTransformer(optLevel, 0, nullptr);
    options.transformer = transformer;
    Diagnostics diagnostics(source.getContext());
    auto created = ExecutionEngine::create(*copy, options);
    if (!created)
      diagnostics.raise("cannot compile the module: " +
                        llvm::toString(created.takeError()));
    engine = std::move(*created);
  }

  std::vector<std::string> functions() const {
    std::vector<std::string> names;
    for (const auto &entry : signatures)
      names.push_back(entry.first);
    return names;
  }

  py::object call(const std::string &name, py::args args) {
    auto it = signatures.find(name);
    if (it == signatures.end())
      throw py::key_error("no public function @" + name + " in the module");
    const Signature &signature = it->second;
    if (args.size() != signature.inputs.size())
      throw py::type_error(
          "@" + name + " takes " + std::to_string(signature.inputs.size()) +
          " arguments, " + std::to_string(args.size()) + " given");
    // Argument storage: descriptors (words) for tensors, scalars by value.
    std::vector<std::vector<int64_t>> storage(args.size());
    std::vector<py::array> keep;
    std::vector<void *> descriptorPointers(args.size());
    std::vector<void *> packed;
    // The result comes first: one struct of descriptors.
    size_t resultWords = 0;
    for (Type type : signature.results) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor)
        throw py::type_error("@" + name + " returns " + typeString(type) +
                             "; only ranked tensors can be returned here");
      resultWords += 3 + 2 * tensor.getRank();
    }
    std::vector<int64_t> results(std::max<size_t>(resultWords, 1));
    void *resultPointer = results.data();
    if (!signature.results.empty())
      packed.push_back(&resultPointer);
    for (size_t i = 0; i < args.size(); ++i) {
      Type type = signature.inputs[i];
      std::string where = "argument " + std::to_string(i) + " of @" + name;
      if (auto tensor = dyn_cast<RankedTensorType>(type)) {
        py::dtype dtype = dtypeOf(tensor.getElementType());
        py::array array = py::array::ensure(args[i]);
        if (!array)
          throw py::type_error(where + " must be an array");
        if (!array.dtype().is(dtype))
          throw py::type_error(where + " must have dtype " +
                               std::string(py::str(dtype)) + ", not " +
                               std::string(py::str(array.dtype())));
        if (array.ndim() != tensor.getRank())
          throw py::value_error(where + " must have rank " +
                                std::to_string(tensor.getRank()) + ", not " +
                                std::to_string(array.ndim()));
        for (int64_t d = 0; d < tensor.getRank(); ++d)
          if (!tensor.isDynamicDim(d) && tensor.getDimSize(d) != array.shape(d))
            throw py::value_error(
                where + " must have shape " + typeString(type) + ", dim " +
                std::to_string(d) + " is " + std::to_string(array.shape(d)));
        // One private C-contiguous copy: compiled code may write its inputs.
        py::array copy = py::module_::import("numpy").attr("array")(
            array, py::arg("copy") = true, py::arg("order") = "C");
        keep.push_back(copy);
        std::vector<int64_t> &words = storage[i];
        words.push_back(reinterpret_cast<intptr_t>(copy.mutable_data()));
        words.push_back(reinterpret_cast<intptr_t>(copy.mutable_data()));
        words.push_back(0);
        int64_t stride = 1;
        std::vector<int64_t> strides(tensor.getRank());
        for (int64_t d = tensor.getRank() - 1; d >= 0; --d) {
          strides[d] = stride;
          stride *= array.shape(d);
        }
        for (int64_t d = 0; d < tensor.getRank(); ++d)
          words.push_back(array.shape(d));
        for (int64_t d = 0; d < tensor.getRank(); ++d)
          words.push_back(strides[d]);
        descriptorPointers[i] = words.data();
        packed.push_back(&descriptorPointers[i]);
      } else if (type.isIndex() || type.isInteger(64)) {
        storage[i].push_back(
            scalarArgument<int64_t>(args[i], where, "an integer"));
        packed.push_back(storage[i].data());
      } else if (type.isInteger(32)) {
        storage[i].push_back(0);
        *reinterpret_cast<int32_t *>(storage[i].data()) =
            scalarArgument<int32_t>(args[i], where, "an integer");
        packed.push_back(storage[i].data());
      } else if (type.isF32()) {
        storage[i].push_back(0);
        *reinterpret_cast<float *>(storage[i].data()) =
            scalarArgument<float>(args[i], where, "a number");
        packed.push_back(storage[i].data());
      } else if (type.isF64()) {
        storage[i].push_back(0);
        *reinterpret_cast<double *>(storage[i].data()) =
            scalarArgument<double>(args[i], where, "a number");
        packed.push_back(storage[i].data());
      } else {
        throw py::type_error(where + " has type " + typeString(type) +
                             ", which cannot be passed from Python here");
      }
    }

    auto function = engine->lookupPacked("_mlir_ciface_" + name);
    if (!function)
      throw DiagnosticError("cannot find @" + name + ": " +
                            llvm::toString(function.takeError()));
    {
      py::gil_scoped_release release;
      callGuarded(*function, packed.data());
    }

    // Copy the results out and free their buffers (never the inputs', nor
    // a constant global's, nor one twice).
    std::vector<void *> inputs;
    for (py::array &array : keep)
      inputs.push_back(array.mutable_data());
    std::vector<void *> freed;
    py::tuple out(signature.results.size());
    size_t word = 0;
    for (size_t r = 0; r < signature.results.size(); ++r) {
      auto tensor = cast<RankedTensorType>(signature.results[r]);
      int64_t rank = tensor.getRank();
      void *allocated = reinterpret_cast<void *>(results[word]);
      auto *aligned = reinterpret_cast<char *>(results[word + 1]);
      int64_t offset = results[word + 2];
      std::vector<py::ssize_t> shape(rank), strides(rank);
      int64_t bytes = elementBytes(tensor.getElementType());
      for (int64_t d = 0; d < rank; ++d) {
        shape[d] = results[word + 3 + d];
        strides[d] = results[word + 3 + rank + d] * bytes;
      }
      word += 3 + 2 * rank;
      py::array view(dtypeOf(tensor.getElementType()), shape, strides,
                     aligned + offset * bytes);
      out[r] = py::array(view.attr("copy")());
      bool owned = allocated != reinterpret_cast<void *>(0xdeadbeef) &&
                   llvm::find(inputs, allocated) == inputs.end() &&
                   llvm::find(freed, allocated) == freed.end();
      if (owned && allocated) {
        freed.push_back(allocated);
        std::free(allocated);
      }
    }
    if (signature.results.size() == 1)
      return out[0];
    if (signature.results.empty())
      return py::none();
    return out;
  }

private:
  std::unique_ptr<ExecutionEngine> engine;
  std::map<std::string, Signature> signatures;
};

} // namespace

PYBIND11_MODULE(_ta, m) {
  m.doc() = "ta: TensorFlow's TensorArray family as an MLIR dialect";
  static py::exception<DiagnosticError> diagnosticError(m, "DiagnosticError",
                                                        PyExc_ValueError);
  static py::exception<CompiledCodeError> runtimeError(m, "RuntimeError",
                                                       PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const DiagnosticError &e) {
      diagnosticError(e.what());
    } catch (const CompiledCodeError &e) {
      runtimeError(e.what());
    }
  });

  py::class_<Module>(m, "Module")
      .def(py::init<const std::string &>(), py::arg("source"),
           "Parses ta IR; raises DiagnosticError with the parser's messages.")
      .def("verify", &Module::verify,
           "Runs the verifiers; raises DiagnosticError with their messages.")
      .def("run_pipeline", &Module::runPipeline, py::arg("pipeline"),
           "Runs a textual pass pipeline, e.g. "
           "'builtin.module(ta-lower-to-memref)', in place.")
      .def("__str__", &Module::str);

  py::class_<Executable>(m, "Executable")
      .def(py::init<Module &, const std::string &,
                    const std::vector<std::string> &, int>(),
           py::arg("module"), py::arg("checks"), py::arg("shared_libs"),
           py::arg("opt_level"), py::keep_alive<1, 2>())
      .def("functions", &Executable::functions)
      .def("call", &Executable::call, py::arg("name"));

  m.def(
      "unbatch_grad_reset",
      [](std::optional<std::string> container,
         std::optional<std::string> name) {
        return ta_unbatch_grad_reset(container ? container->c_str() : nullptr,
                                     name ? name->c_str() : nullptr);
      },
      py::arg("container") = py::none(), py::arg("shared_name") = py::none());
  m.def(
      "unbatch_grad_parked_ids",
      [](std::optional<std::string> container,
         std::optional<std::string> name) {
        const char *c = container ? container->c_str() : nullptr;
        const char *n = name ? name->c_str() : nullptr;
        std::vector<int64_t> ids(ta_unbatch_grad_parked_ids(c, n, nullptr, 0));
        ta_unbatch_grad_parked_ids(c, n, ids.data(), ids.size());
        return ids;
      },
      py::arg("container") = py::none(), py::arg("shared_name") = py::none());
  m.def("unbatch_grad_set_timeout", &ta_unbatch_grad_set_timeout,
        py::arg("micros"));
  m.def("unbatch_grad_timeout", &ta_unbatch_grad_timeout);
}
