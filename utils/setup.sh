#!/usr/bin/env bash
#===- utils/setup.sh - install what ta needs on Debian bookworm ----------===#
#
# Installs, idempotently, every Debian package the build and the tests of ta
# need (see ../shared/reference/toolchain.md section 6). Packages that are
# already installed are left alone; when nothing is missing, apt is not run.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

PACKAGES=(
  # LLVM/MLIR 22 (Debian bookworm-security); never vendored or rebuilt.
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools
  # Compilers, linker, formatter, build tools.
  clang-22 lld-22 clang-format-22 ninja-build cmake g++
  # Python side (used with /usr/bin/python3).
  python3 python3-dev pybind11-dev python3-numpy python3-pytest
  # Memory checking of compiled programs (test/Integration/CPU/memcheck.test).
  valgrind
  # clang's sanitizer runtimes: ThreadSanitizer for the unbatch_grad
  # rendezvous (test/Integration/CPU/unbatch-threads.test).
  libclang-rt-22-dev
  # The project's virtual environment (TensorFlow, below).
  python3-venv
)

# PyPI packages, pinned, installed into the project's virtual environment
# .venv (never into the system Python): TensorFlow is the oracle and the
# exporter of the programs under test/TF.
VENV="$(cd "$(dirname "$0")/.." && pwd)/.venv"
PIP_PACKAGES=(tensorflow-cpu==2.21.0 keras==3.15.1)

setup_venv() {
  if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" - "${PIP_PACKAGES[@]}" <<'EOF'
import importlib.metadata as metadata, sys
for pin in sys.argv[1:]:
    name, version = pin.split("==")
    try:
        if metadata.version(name) != version:
            sys.exit(1)
    except metadata.PackageNotFoundError:
        sys.exit(1)
EOF
  then
    echo "setup: $VENV has ${PIP_PACKAGES[*]}"
    return 0
  fi
  echo "setup: installing ${PIP_PACKAGES[*]} into $VENV"
  /usr/bin/python3 -m venv "$VENV" &&
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check \
      "${PIP_PACKAGES[@]}"
}

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
      grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#PACKAGES[@]} packages already installed"
  setup_venv
  exit $?
fi

echo "setup: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
setup_venv
echo "setup: done"
