//===- Executable.cpp - a ta module compiled for the host -----------------===//

#include "ta/ExecutionEngine/Executable.h"
#include "ta/Pipelines/Pipelines.h"
#include "ta/Runtime/TARuntime.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Transforms/Instrumentation/AddressSanitizer.h"

#include <array>
#include <csetjmp>
#include <cstdlib>
#include <mutex>

using namespace mlir;
using namespace mlir::ta;

/// The allocated pointer MemRefToLLVM gives a memref.get_global: a constant,
/// not a buffer anyone may free.
static void *const kGlobalAllocatedPointer =
    reinterpret_cast<void *>(0xdeadbeef);

/// Adds AddressSanitizer's checks to every function `module` defines, as
/// clang's -fsanitize=address does after optimization.
static void instrumentWithAddressSanitizer(llvm::Module &module) {
  for (llvm::Function &function : module)
    if (!function.isDeclaration())
      function.addFnAttr(llvm::Attribute::SanitizeAddress);
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder builder;
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(sccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, sccs, modules);
  llvm::ModulePassManager passes;
  // Globals registered from an array by the module's constructor: the JIT
  // has no linker to define the section bounds the default uses, and no
  // destructor runs at exit (the module may be gone).
  passes.addPass(llvm::AddressSanitizerPass(
      llvm::AddressSanitizerOptions(), /*UseGlobalGC=*/false,
      /*UseOdrIndicator=*/false, llvm::AsanDtorKind::None));
  passes.run(module, modules);
}

MemRefDescriptor MemRefDescriptor::contiguous(void *data,
                                              ArrayRef<int64_t> sizes) {
  MemRefDescriptor d;
  d.allocated = d.aligned = data;
  d.sizes.assign(sizes.begin(), sizes.end());
  d.strides.resize(sizes.size());
  int64_t stride = 1;
  for (int64_t i = sizes.size() - 1; i >= 0; --i) {
    d.strides[i] = stride;
    stride *= sizes[i];
  }
  return d;
}

CallResults::~CallResults() {
  // Compiled code allocates through libta_runtime, whose large buffers are
  // mappings: its free, not std::free.
  for (void *buffer : owned)
    _mlir_memref_to_llvm_free(buffer);
}

Executable::~Executable() = default;

static llvm::Error makeError(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<std::unique_ptr<Executable>>
Executable::compile(ModuleOp module, const Options &options) {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  std::unique_ptr<Executable> executable(new Executable());
  OwningOpRef<ModuleOp> copy = module.clone();
  for (auto function : copy->getOps<func::FuncOp>()) {
    if (function.isExternal() || !function.isPublic())
      continue;
    executable->types[function.getName()] = function.getFunctionType();
    function->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                      UnitAttr::get(function.getContext()));
  }
  PassManager pm(module.getContext());
  LowerToLLVMOptions lowering;
  lowering.checks = options.checks;
  buildLowerToLLVMPipeline(pm, lowering);
  if (failed(pm.run(*copy)))
    return makeError("ta-lower-to-llvm failed (see the diagnostics)");

  SmallVector<StringRef> libs(options.sharedLibs.begin(),
                              options.sharedLibs.end());
  ExecutionEngineOptions engineOptions;
  engineOptions.sharedLibPaths = libs;
  auto optimize = makeOptimizingTransformer(options.optLevel, 0, nullptr);
  bool sanitize = options.sanitizeAddress;
  auto transformer = [optimize, sanitize](llvm::Module *m) -> llvm::Error {
    if (llvm::Error error = optimize(m))
      return error;
    if (sanitize)
      instrumentWithAddressSanitizer(*m);
    return llvm::Error::success();
  };
  engineOptions.transformer = transformer;
  auto created = ExecutionEngine::create(*copy, engineOptions);
  if (!created)
    return created.takeError();
  executable->engine = std::move(*created);
  // Runs the module's constructors: ASan's registers its globals.
  if (sanitize)
    executable->engine->initialize();
  return std::move(executable);
}

namespace {

thread_local std::jmp_buf *failureTarget;
thread_local std::string *failureMessage;

void onRuntimeError(const char *message, void *) {
  *failureMessage = message;
  std::longjmp(*failureTarget, 1);
}

/// Calls `function` with libta_runtime's error handler leaving the call with
/// longjmp: returns false with the message on a runtime error, after
/// releasing what the failed call held (its call scope: arrays, values,
/// partial results). Nothing with a destructor lives between setjmp and the
/// call.
bool callGuarded(void (*function)(void **), void **args, std::string &error) {
  std::jmp_buf target;
  std::jmp_buf *previousTarget = failureTarget;
  std::string *previousMessage = failureMessage;
  // Before the handler: it must not leave for a target not set yet.
  TACallScope *scope = ta_runtime_begin_call();
  failureTarget = &target;
  failureMessage = &error;
  ta_runtime_error_handler old =
      ta_runtime_set_error_handler(onRuntimeError, nullptr);
  bool ok = true;
  if (setjmp(target) == 0)
    function(args);
  else
    ok = false;
  ta_runtime_end_call(scope, /*release=*/!ok);
  ta_runtime_set_error_handler(old, nullptr);
  failureTarget = previousTarget;
  failureMessage = previousMessage;
  return ok;
}

/// A descriptor as the words StridedMemRefType lays out.
void appendWords(const MemRefDescriptor &d, SmallVectorImpl<int64_t> &words) {
  words.push_back(reinterpret_cast<intptr_t>(d.allocated));
  words.push_back(reinterpret_cast<intptr_t>(d.aligned));
  words.push_back(d.offset);
  words.append(d.sizes.begin(), d.sizes.end());
  words.append(d.strides.begin(), d.strides.end());
}

} // namespace

llvm::Expected<CallResults> Executable::call(StringRef name,
                                             ArrayRef<Argument> args) {
  auto it = types.find(name);
  if (it == types.end())
    return makeError("no public function @" + name + " in the module");
  FunctionType type = it->second;
  if (args.size() != type.getNumInputs())
    return makeError("@" + name + " takes " + Twine(type.getNumInputs()) +
                     " arguments, " + Twine(args.size()) + " given");

  // Every argument's storage: descriptor words, or the scalar in a word;
  // an unranked tensor's `{rank, descriptor}` besides.
  SmallVector<SmallVector<int64_t, 8>> storage(args.size());
  SmallVector<std::array<int64_t, 2>> unranked(args.size());
  SmallVector<void *> descriptors(args.size());
  SmallVector<void *> packed;
  SmallVector<void *> inputs;
  // The C interface's result: a struct of the results' descriptors, an
  // unranked one as `{rank, descriptor}` (the descriptor on the heap).
  size_t resultWords = 0;
  for (Type result : type.getResults()) {
    auto tensor = dyn_cast<TensorType>(result);
    if (!tensor)
      return makeError("@" + name +
                       " returns a value that is not a tensor, which cannot "
                       "be returned here");
    resultWords += tensor.hasRank() ? 3 + 2 * tensor.getRank() : 2;
  }
  SmallVector<int64_t> results(std::max<size_t>(resultWords, 1));
  void *resultPointer = results.data();
  if (type.getNumResults())
    packed.push_back(&resultPointer);
  for (auto [i, arg] : llvm::enumerate(args)) {
    Type param = type.getInput(i);
    std::string where = ("argument " + Twine(i) + " of @" + name).str();
    SmallVector<int64_t, 8> &words = storage[i];
    if (auto tensor = dyn_cast<RankedTensorType>(param)) {
      if (arg.kind != Argument::Kind::Tensor)
        return makeError(where + " must be a tensor");
      const MemRefDescriptor &d = arg.tensor;
      if (static_cast<int64_t>(d.sizes.size()) != tensor.getRank() ||
          d.strides.size() != d.sizes.size())
        return makeError(where + " must have rank " + Twine(tensor.getRank()));
      for (int64_t dim = 0; dim < tensor.getRank(); ++dim)
        if (!tensor.isDynamicDim(dim) && tensor.getDimSize(dim) != d.sizes[dim])
          return makeError(where + " must have dim " + Twine(dim) + " = " +
                           Twine(tensor.getDimSize(dim)) + ", not " +
                           Twine(d.sizes[dim]));
      appendWords(d, words);
      inputs.push_back(d.allocated);
      descriptors[i] = words.data();
      packed.push_back(&descriptors[i]);
      continue;
    }
    if (isa<UnrankedTensorType>(param)) {
      if (arg.kind != Argument::Kind::Tensor)
        return makeError(where + " must be a tensor");
      const MemRefDescriptor &d = arg.tensor;
      if (d.strides.size() != d.sizes.size())
        return makeError(where + " has " + Twine(d.sizes.size()) +
                         " sizes but " + Twine(d.strides.size()) + " strides");
      appendWords(d, words);
      inputs.push_back(d.allocated);
      unranked[i] = {static_cast<int64_t>(d.sizes.size()),
                     reinterpret_cast<intptr_t>(words.data())};
      descriptors[i] = unranked[i].data();
      packed.push_back(&descriptors[i]);
      continue;
    }
    words.push_back(0);
    void *slot = words.data();
    if (param.isIndex() || param.isInteger(64) || param.isInteger(32)) {
      if (arg.kind != Argument::Kind::Integer)
        return makeError(where + " must be an integer");
      if (param.isInteger(32))
        *static_cast<int32_t *>(slot) = static_cast<int32_t>(arg.integer);
      else
        *static_cast<int64_t *>(slot) = arg.integer;
    } else if (param.isF32() || param.isF64()) {
      if (arg.kind == Argument::Kind::Tensor)
        return makeError(where + " must be a number");
      double value = arg.kind == Argument::Kind::Float
                         ? arg.real
                         : static_cast<double>(arg.integer);
      if (param.isF32())
        *static_cast<float *>(slot) = static_cast<float>(value);
      else
        *static_cast<double *>(slot) = value;
    } else {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << param;
      return makeError(where + " has type " + text +
                       ", which cannot be passed here");
    }
    packed.push_back(slot);
  }

  auto function = engine->lookupPacked(("_mlir_ciface_" + name).str());
  if (!function)
    return function.takeError();
  std::string error;
  if (!callGuarded(*function, packed.data(), error))
    return makeError(error);

  CallResults out;
  size_t word = 0;
  for (Type result : type.getResults()) {
    auto tensor = cast<TensorType>(result);
    const int64_t *at = results.data() + word;
    int64_t rank = tensor.hasRank() ? tensor.getRank() : at[0];
    // An unranked result's descriptor is a copy the function made with
    // malloc (upstream's lowering of its return): read, then freed.
    const int64_t *words =
        tensor.hasRank() ? at : reinterpret_cast<const int64_t *>(at[1]);
    word += tensor.hasRank() ? 3 + 2 * rank : 2;
    MemRefDescriptor d;
    d.allocated = reinterpret_cast<void *>(words[0]);
    d.aligned = reinterpret_cast<void *>(words[1]);
    d.offset = words[2];
    d.sizes.assign(words + 3, words + 3 + rank);
    d.strides.assign(words + 3 + rank, words + 3 + 2 * rank);
    if (!tensor.hasRank())
      std::free(const_cast<int64_t *>(words));
    // A result may be an argument's buffer, a constant, or returned twice.
    if (d.allocated && d.allocated != kGlobalAllocatedPointer &&
        !llvm::is_contained(inputs, d.allocated) &&
        !llvm::is_contained(out.owned, d.allocated))
      out.owned.push_back(d.allocated);
    out.results.push_back(std::move(d));
  }
  return std::move(out);
}
