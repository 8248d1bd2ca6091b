"""ta: TensorFlow's TensorArray family as an MLIR dialect, from Python.

    import numpy as np, ta
    exe = ta.compile(source)                 # ta IR text -> CPU code
    y = exe.f(np.ones((2,), np.float32))     # numpy in, numpy out

ta.from_tensorflow(fn, *example_args) compiles a TensorFlow function (a
tf.function, a concrete function, a Keras layer or model) through
TensorFlow's exporter, ta-import-tf and ta-legalize-tf (ta/tensorflow.py;
TensorFlow is imported on first use).

ta.Module(source) parses ta IR; .verify(), .run_pipeline(text) and str()
work on it. Errors are exceptions: ta.DiagnosticError (a ValueError) carries
the parser's, verifiers' or passes' messages, ta.RuntimeError the
TensorFlow text of a runtime error in compiled code (strict checks).
"""

import os as _os
import sys as _sys

from . import _config

# TensorFlow links its own LLVM and MLIR and exports their symbols to the
# whole process; bound deep, ta's extension and the LLVM/MLIR libraries it
# loads use their own, whichever of the two is imported first. A sanitizer
# runtime refuses deep binding (it must interpose malloc everywhere), so a
# sanitized process binds as usual; TensorFlow is not run under sanitizers.
_flags = _sys.getdlopenflags()
_deep = getattr(_os, "RTLD_DEEPBIND", 0)
try:
    import ctypes as _ctypes

    _sanitized = any(
        hasattr(_ctypes.CDLL(None), s) for s in ("__asan_init", "__tsan_init")
    )
except OSError:
    _sanitized = False
_sys.setdlopenflags(_flags | _os.RTLD_NOW | (0 if _sanitized else _deep))
try:
    from ._ta import DiagnosticError, Executable as _Executable, Module
finally:
    _sys.setdlopenflags(_flags)
from ._ta import RuntimeError  # noqa: A004 - ta.RuntimeError, as documented
from ._ta import memory_stats, set_cache_limit, trim_memory
from ._ta import (
    unbatch_grad_parked_ids,
    unbatch_grad_reset,
    unbatch_grad_set_timeout,
    unbatch_grad_timeout,
)

__all__ = [
    "Module",
    "Executable",
    "compile",
    "from_tensorflow",
    "DiagnosticError",
    "RuntimeError",
    "memory_stats",
    "set_cache_limit",
    "trim_memory",
    "unbatch_grad_parked_ids",
    "unbatch_grad_reset",
    "unbatch_grad_set_timeout",
    "unbatch_grad_timeout",
]


class Executable:
    """A module compiled for the CPU (ta-lower-to-llvm, MLIR's ExecutionEngine).

    Public functions are methods: exe.f(*args) or exe.call("f", *args).
    Ranked tensor arguments take numpy arrays of the matching dtype, rank
    and static dims (they are copied); index/integer/float arguments take
    Python numbers. Tensor results come back as new numpy arrays (a tuple
    for several).
    """

    def __init__(self, module, checks="strict", opt_level=2):
        libs = [_config.RUNTIME, _config.C_RUNNER_UTILS, _config.RUNNER_UTILS]
        missing = [lib for lib in libs if not _os.path.exists(lib)]
        if missing:
            raise FileNotFoundError("ta runtime libraries missing: " + ", ".join(missing))
        self._exe = _Executable(module, checks, libs, opt_level)
        self.checks = checks

    def functions(self):
        return self._exe.functions()

    def call(self, name, *args):
        return self._exe.call(name, *args)

    def __getattr__(self, name):
        if name.startswith("_") or name not in self._exe.functions():
            raise AttributeError(name)
        return lambda *args: self._exe.call(name, *args)


def compile(source, checks="strict", opt_level=2):
    """Parses (if given text), verifies and compiles a module for the CPU."""
    module = source if isinstance(source, Module) else Module(source)
    module.verify()
    return Executable(module, checks=checks, opt_level=opt_level)


def from_tensorflow(fn, *example_args, **options):
    """A TensorFlow function compiled by ta (see ta.tensorflow)."""
    from .tensorflow import from_tensorflow as _from_tensorflow

    return _from_tensorflow(fn, *example_args, **options)
