# lit.cfg.py: hipify-c translation tests. Each test is a CUDA input with RUN lines that translate it
# and FileCheck lines that check the output. Substitutions:
#   %hipify   the built hipify-c            %FileCheck / FileCheck   LLVM FileCheck
#   %hipcc    hipcc for gfx90a, compile only (tests using it say REQUIRES: hipcc; without hipcc lit
#             reports them UNSUPPORTED, visibly)
#   %shim_include  runtime-shim/include
import os
import lit.formats

config.name = "hipify-c"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".cu", ".cuh", ".cpp", ".test"]
config.excludes = ["Inputs", "inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.build_root, "tests", "lit-out")
config.environment["LC_ALL"] = "C"

config.substitutions.append(("%hipify", config.hipify))
config.substitutions.append(("%FileCheck", config.filecheck))
config.substitutions.append(("FileCheck", config.filecheck))
config.substitutions.append(("%shim_include", config.shim_include))
if config.hipcc and os.path.exists(config.hipcc):
    config.available_features.add("hipcc")
    config.substitutions.append(("%hipcc", config.hipcc + " --offload-arch=gfx90a -x hip -c -I" + config.shim_include))
