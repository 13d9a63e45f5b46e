# lit_common.py: lit settings shared by tests/build/lit and tests/rules/lit (build-script migration and
# user rules through the hipify-c CLI). Paths come from --param (set by the CMakeLists.txt next door):
#   hipify=<hipify-c>  llvm_bin=<dir with FileCheck, split-file, not>  exec_root=<scratch dir>
import os
import shutil
import lit.formats


def configure(config, lit_config, suite_dir, name):
    config.name = name
    config.test_format = lit.formats.ShTest(True)
    config.suffixes = [".test"]
    config.test_source_root = suite_dir
    config.test_exec_root = os.path.join(lit_config.params.get("exec_root", "/tmp/hipify-c-lit"), name)
    config.environment["LC_ALL"] = "C"
    llvm_bin = lit_config.params["llvm_bin"]
    config.environment["PATH"] = llvm_bin + os.pathsep + config.environment.get("PATH", os.environ["PATH"])
    config.substitutions.append(("%hipify", lit_config.params["hipify"]))
    # a migrated autotools project is also generated and configured where the autotools are installed
    if all(shutil.which(t) for t in ("autoreconf", "automake", "make", "c++")):
        config.available_features.add("autotools")
