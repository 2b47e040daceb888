"""Installs the package the CMake build made (build/python/arenastore: the pure-Python files and
the compiled _core module) into the running environment, offline and without rebuilding:

    python3 -m venv --system-site-packages venv      # Debian's numpy comes from the system
    venv/bin/pip install --no-build-isolation --no-index ./python

ARENASTORE_BUILD_DIR names another build directory (default: ../build). Build first
(scripts/build.sh)."""
import glob
import os

from setuptools import setup
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.environ.get("ARENASTORE_BUILD_DIR", os.path.join(HERE, "..", "build"))
PACKAGE = os.path.join(BUILD, "python", "arenastore")
if not glob.glob(os.path.join(PACKAGE, "_core*.so")):
    raise SystemExit(f"no built module in {PACKAGE}: run scripts/build.sh first (or set "
                     "ARENASTORE_BUILD_DIR to the build directory)")


class CompiledDistribution(Distribution):
    """The package holds a compiled module: a platform wheel, not a pure one."""

    def has_ext_modules(self):
        return True


setup(
    name="arenastore",
    version="0.1.0",
    description="Compile, gate and run int8 models as the arenastore CLI does, from Python",
    packages=["arenastore"],
    package_dir={"arenastore": os.path.relpath(PACKAGE, HERE)},
    package_data={"arenastore": ["_core*.so", "*.pyi", "py.typed"]},
    install_requires=["numpy"],
    python_requires=">=3.11",
    distclass=CompiledDistribution,
)
