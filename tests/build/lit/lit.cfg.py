# lit.cfg.py: CMake and Makefile migration tests (one rewrite family a file; inputs inline via split-file).
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import lit_common
lit_common.configure(config, lit_config, os.path.dirname(__file__), "build")
