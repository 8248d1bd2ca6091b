# -*- Python -*-
# lit configuration of the ta test suite.

import glob
import os
import shutil
import subprocess

import lit.formats
from lit.llvm import llvm_config

config.name = "TA"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ta_obj_root, "test")
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
# Captured FileCheck variables do not leak across CHECK-LABELs.
config.environment["FILECHECK_OPTS"] = "-enable-var-scope"

config.substitutions.append(("%ta_src_root", config.ta_src_root))
config.substitutions.append(("%ta_obj_root", config.ta_obj_root))
config.substitutions.append(("%llvm_lib_dir", config.llvm_lib_dir))

# Sanitizer builds (preset "asan": ASan + UBSan, with -shared-libsan): ta's
# libraries are loaded by programs that are not instrumented (mlir-runner,
# python3, programs clang-22 links in tests), so every test process gets the
# sanitizer runtime preloaded. Leak checking is off here (hosts like clang
# and python leave memory to the exit on purpose): leaks are checked by the
# fuzzer (LeakSanitizer on) and by memcheck.test (valgrind, ci build).
sanitizer_flags = ""
if config.ta_sanitizer:
    config.available_features.add("asan")
    clang = shutil.which("clang-22") or os.path.join(config.llvm_tools_dir, "clang")
    asan_runtime = subprocess.run(
        [clang, "-print-file-name=libclang_rt.asan-x86_64.so"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()
    config.environment["LD_PRELOAD"] = asan_runtime
    # allow_user_poisoning=0: LLVM's inline allocator code in ta (instrumented)
    # poisons slabs that libMLIR.so (not instrumented) then fills.
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0:allow_user_poisoning=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    sanitizer_flags = (
        "-fsanitize=address,undefined -fno-sanitize=vptr,function -shared-libsan "
        "-fsanitize=fuzzer-no-link"
    )
# Flags for C/C++ code that tests build and link against ta's libraries.
config.substitutions.append(("%sanitizer_flags", sanitizer_flags))

# Running lowered programs: the MLIR runner utils and libta_runtime.
shlib = config.llvm_shlib_ext
runner_libs = [
    os.path.join(config.llvm_lib_dir, "libmlir_runner_utils" + shlib),
    os.path.join(config.llvm_lib_dir, "libmlir_c_runner_utils" + shlib),
    os.path.join(config.ta_obj_root, "lib", "libta_runtime" + shlib),
]
config.substitutions.append(("%mlir_runner_utils", runner_libs[0]))
config.substitutions.append(("%mlir_c_runner_utils", runner_libs[1]))
config.substitutions.append(("%ta_runtime", runner_libs[2]))
config.substitutions.append(
    (
        "%run_cpu",
        "mlir-runner -entry-point-result=void -shared-libs=" + ",".join(runner_libs),
    )
)
config.substitutions.append(("%python", config.python_executable))

tools = [
    "ta-opt",
    "ta-lsp-server",
    "ta-exec-fuzz",
    "mlir-opt",
    "mlir-runner",
    "mlir-translate",
    "clang-22",
]
llvm_config.add_tool_substitutions(
    tools, [os.path.join(config.ta_obj_root, "bin"), config.llvm_tools_dir]
)

# Compiled programs are also run under valgrind's memcheck where it exists.
if shutil.which("valgrind"):
    config.available_features.add("valgrind")

# ThreadSanitizer, where clang-22's sanitizer runtimes are installed
# (libclang-rt-22-dev).
def _clang_has_tsan():
    clang = shutil.which("clang-22") or os.path.join(config.llvm_tools_dir, "clang")
    try:
        resource = subprocess.run(
            [clang, "-print-resource-dir"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return False
    return bool(glob.glob(os.path.join(resource, "lib", "*", "libclang_rt.tsan*")))


if _clang_has_tsan():
    config.available_features.add("tsan")

# CUDA: the toolkit (ptxas, fatbinary: compile-only GPU tests) and a device
# (GPU execution tests, asked through libta_cuda_runtime's probe).
cuda_root = os.environ.get("CUDA_ROOT") or os.environ.get("CUDA_HOME") or "/usr/local/cuda"
config.substitutions.append(("%cuda_root", cuda_root))
# ta's GPU emulator, a CUDA driver without a GPU (TA_CUDA_DRIVER=...): it
# runs the kernels of programs compiled with ta-lower-to-nvvm's emulate.
config.substitutions.append(
    ("%ta_gpu_emulator",
     os.path.join(config.ta_obj_root, "lib", "libta_gpu_emulator" + shlib)))
if os.path.exists(os.path.join(cuda_root, "bin", "ptxas")):
    config.available_features.add("cuda-toolkit")


def _cuda_devices():
    # In a child process: the library may need the sanitizer runtime
    # preloaded (sanitizer builds), and a driver problem stays out of lit.
    library = os.path.join(config.ta_obj_root, "lib", "libta_cuda_runtime" + shlib)
    probe = (
        "import ctypes, sys\n"
        "print(ctypes.CDLL(sys.argv[1]).ta_cuda_device_count())\n"
    )
    env = dict(os.environ)
    env.update(config.environment)
    try:
        out = subprocess.run(
            [config.python_executable, "-c", probe, library],
            capture_output=True, text=True, env=env, timeout=120,
        )
        return int(out.stdout.strip() or 0) if out.returncode == 0 else 0
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return 0


if _cuda_devices() > 0:
    config.available_features.add("cuda-gpu")

# Running programs lowered by ta-lower-to-nvvm: the runner libraries plus
# libta_cuda_runtime (the mgpu* functions).
config.substitutions.append(
    (
        "%run_gpu",
        "mlir-runner -entry-point-result=void -shared-libs="
        + ",".join(
            runner_libs
            + [os.path.join(config.ta_obj_root, "lib", "libta_cuda_runtime" + shlib)]
        ),
    )
)

# The dialect/pass plugin for Debian's own mlir-opt (built only when ta links
# libMLIR.so, as that mlir-opt does).
ta_plugin = os.path.join(config.ta_obj_root, "lib", "TAPlugin" + shlib)
if os.path.exists(ta_plugin):
    config.available_features.add("ta-plugin")
config.substitutions.append(("%ta_plugin", ta_plugin))

# The C API library (include/ta-c).
if os.path.exists(os.path.join(config.ta_obj_root, "lib", "libTACAPI" + shlib)):
    config.available_features.add("ta-capi")

# The Python package (pybind11 module built into python_packages/ta).
if glob.glob(os.path.join(config.ta_obj_root, "python_packages", "ta", "_ta*" + ".so")):
    config.available_features.add("ta-python")

# TensorFlow in the project's virtual environment (utils/setup.sh installs
# tensorflow-cpu==2.21.0 there): the exporter of the programs under test/TF
# and the differential oracle. Tests that need it say `REQUIRES: tensorflow`.
tf_python = os.path.join(config.ta_src_root, ".venv", "bin", "python")
if os.path.exists(tf_python) and (
    subprocess.call(
        [
            tf_python,
            "-c",
            "import importlib.util, sys; "
            "sys.exit(importlib.util.find_spec('tensorflow') is None)",
        ]
    )
    == 0
):
    config.available_features.add("tensorflow")
config.substitutions.append(("%tf_python", tf_python))
