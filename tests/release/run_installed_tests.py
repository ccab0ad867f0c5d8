#!/usr/bin/env python3
"""Runs the Python test suite against an installed `xiangqi`: fails unless the package and its native module
were imported from SITE_PACKAGES, then runs pytest in this same process, so every test uses that copy.

Usage: run_installed_tests.py SITE_PACKAGES TESTS_DIR. (A file with a main guard, not a `python -c` text:
the tests' spawned worker processes import the main module again.)"""

import os
import sys


def main():
    site, tests = sys.argv[1], sys.argv[2]
    import pytest
    import xiangqi
    import xiangqi._xiangqi

    for module in (xiangqi, xiangqi._xiangqi):
        if not os.path.realpath(module.__file__).startswith(os.path.realpath(site) + os.sep):
            sys.exit(f"run_installed_tests: {module.__name__} was imported from {module.__file__}, not {site}")
    print(f"xiangqi {xiangqi.__version__} from {os.path.dirname(xiangqi.__file__)}")
    sys.exit(pytest.main([tests, "-q", "-rs", "-p", "no:cacheprovider"]))


if __name__ == "__main__":
    main()
