# lit.cfg.py: hipify-c translation tests. Each test is a CUDA input with RUN lines that translate it
# and FileCheck lines that check the output. Substitutions:
#   %hipify   the built hipify-c            %FileCheck / FileCheck   LLVM FileCheck
#   %hipcc    hipcc for gfx90a, compile only (tests using it say REQUIRES: hipcc; without hipcc lit
#             reports them UNSUPPORTED, visibly)
#   %shim_include  runtime-shim/include
import os
import lit.formats

# ctest runs lit on a source topic directory with --param site_config=BUILD/tests/lit/lit.site.cfg.py;
# lit then finds this file first: load the build's site config (which sets the paths and loads this
# file again) and stop here (lit treats SystemExit without arguments as a normal return).
if not hasattr(config, "build_root"):
    site_config = lit_config.params.get("site_config")
    if not site_config:
        lit_config.fatal("run lit with --param site_config=BUILD/tests/lit/lit.site.cfg.py")
    lit_config.load_config(config, site_config)
    raise SystemExit

config.name = "hipify-c"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".cu", ".cuh", ".cpp", ".test"]
config.excludes = ["Inputs", "inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.build_root, "tests", "lit-out")
config.environment["LC_ALL"] = "C"
# LLVM's test helpers (not, count, split-file) live next to FileCheck.
config.environment["PATH"] = os.path.dirname(config.filecheck) + os.pathsep + os.environ.get("PATH", "")

config.substitutions.append(("%hipify", config.hipify))
config.substitutions.append(("%FileCheck", config.filecheck))
# a regex: not the FileCheck inside an already substituted path
config.substitutions.append((r"(?<![%/\w-])FileCheck\b", config.filecheck))
config.substitutions.append(("%shim_include", config.shim_include))
if config.hipcc and os.path.exists(config.hipcc):
    config.available_features.add("hipcc")
    config.substitutions.append(("%hipcc", config.hipcc + " --offload-arch=gfx90a -x hip -c -I" + config.shim_include))
