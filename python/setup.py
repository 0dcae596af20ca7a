"""Builds the gomoku package with its own copy of libgomoku.

pyproject.toml holds the package's description; this file adds what it cannot say: the
C library, compiled from the sources of this tree (../src, ../include) into the package
as gomoku/_libgomoku.so. It is an ordinary shared library that the package loads with
ctypes, not a Python extension module: it has no Python API and does not include
Python.h, so only a C compiler is needed. Without the C sources (a copy of python/ on
its own), the package is built without it and uses an installed libgomoku (see
gomoku.load_library).
"""

import glob
import os
import shutil

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
TREE = os.path.normpath(os.path.join(HERE, ".."))
SRC = os.path.join(TREE, "src")
INCLUDE = os.path.join(TREE, "include")


class BuildLibrary(build_ext):
    """Compiles libgomoku as gomoku/_libgomoku.so, with the flags of the Makefile that
    matter: C11, threads, and only the gomoku_* functions exported."""

    def get_ext_filename(self, ext_name):
        # the plain name the package looks for, not a Python module's name
        return os.path.join(*ext_name.split(".")) + ".so"

    def get_export_symbols(self, ext):
        # no PyInit_ function: this is not a module Python imports
        return ext.export_symbols

    def build_extension(self, ext):
        # The sources are copied under the build directory first, so that the object
        # files stay there (paths outside the project would put them beside it).
        copy = os.path.join(self.build_temp, "libgomoku")
        if os.path.isdir(copy):
            shutil.rmtree(copy)
        shutil.copytree(SRC, os.path.join(copy, "src"))
        shutil.copytree(INCLUDE, os.path.join(copy, "include"))
        rel = os.path.relpath(copy)
        ext.sources = sorted(os.path.join(rel, "src", os.path.basename(s)) for s in ext.sources)
        ext.include_dirs = [os.path.join(rel, "include"), os.path.join(rel, "src")]
        super().build_extension(ext)


def library():
    sources = sorted(glob.glob(os.path.join(SRC, "*.c")))
    if not sources or not os.path.isfile(os.path.join(INCLUDE, "gomoku.h")):
        print("gomoku: no C sources at", SRC, "- building without a bundled libgomoku;"
              " the package will use an installed one (or GOMOKU_LIBRARY)")
        return []
    return [Extension(
        "gomoku._libgomoku",
        # relative, as setuptools wants them; build_extension compiles copies of them
        sources=[os.path.relpath(src, HERE) for src in sources],
        define_macros=[("GOMOKU_BUILDING", None)],
        extra_compile_args=["-std=c11", "-pthread", "-fvisibility=hidden", "-O3"],
        extra_link_args=["-pthread"],
        libraries=["m"],
    )]


setup(ext_modules=library(), cmdclass={"build_ext": BuildLibrary})
