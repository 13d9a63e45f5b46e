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
# --param fresh_topic=TOPIC: this run's own output folder (lit-out/TOPIC) starts empty, so that files an
# earlier run left there (a carried shim header of an older hipify-c) cannot change this run's outcome.
# Only that folder: the other topics may be running beside this one.
fresh_topic = lit_config.params.get("fresh_topic")
if fresh_topic:
    if fresh_topic in (".", "..") or os.sep in fresh_topic:
        lit_config.fatal("fresh_topic must name one topic directory, not " + repr(fresh_topic))
    import shutil
    shutil.rmtree(os.path.join(config.test_exec_root, fresh_topic), ignore_errors=True)
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

# A port carries the runtime-shim headers beside it (hipify_shim*.h); one left in an Output directory by a
# build of an older shim is a foreign file to the next run (HC1083, exit 3), so the reused build tree would
# fail. Before any test runs, the carried headers that differ from the current ones are removed, only under
# the topics this lit run was given (ctest runs one topic a process, and others may run beside it).
def _remove_stale_shim_headers():
    import filecmp
    import sys
    topics = set()
    for arg in sys.argv[1:]:
        path = os.path.abspath(arg)
        if os.path.exists(path) and (path + os.sep).startswith(config.test_source_root + os.sep):
            topics.add(os.path.relpath(path, config.test_source_root).split(os.sep)[0])
    for topic in topics:
        for root, _, files in os.walk(os.path.join(config.test_exec_root, topic)):
            for name in files:
                current = os.path.join(config.shim_include, name)
                carried = os.path.join(root, name)
                if (name.startswith("hipify_shim") and os.path.isfile(current) and
                        not filecmp.cmp(carried, current, shallow=False)):
                    os.remove(carried)


_remove_stale_shim_headers()
