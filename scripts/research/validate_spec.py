"""validate_spec.py: what the research spec generators (hecbench/, libsamples/) share: reading a bare git
mirror, the timing lines a comparison ignores, and writing a `hipify-harness validate` spec. It chooses no
program and builds nothing."""
import json, os, subprocess, sys

# Lines that report timings or rates: they differ between two runs of the same program.
TIMING_IGNORE = ["(?i)time", "(?i)throughput", "(?i)bandwidth", "(?i)GB/s", "(?i)gflop", "(?i)flops",
                 "(?i)\\b(ms|us|sec|seconds)\\b", "(?i)elapsed", "(?i)speedup", "(?i)perf",
                 "(?i)\\b[gtp]?(fl)?ops?/s\\b"]


def git(args, gitdir, binary=False):
    """The output of a git command run on the bare repository gitdir (bytes when binary)."""
    r = subprocess.run(["git", "--git-dir", gitdir] + args, capture_output=True)
    if r.returncode != 0:
        raise RuntimeError(r.stderr.decode(errors="replace").strip())
    return r.stdout if binary else r.stdout.decode(errors="replace")


def write_spec(dest, programs, timeout, ignore, skipped):
    """Writes dest/spec.json (defaults: timeout in seconds, lines to ignore) and says what was skipped, and why."""
    spec = {"defaults": {"timeout": timeout, "ignore": ignore}, "programs": programs}
    os.makedirs(dest, exist_ok=True)
    with open(os.path.join(dest, "spec.json"), "w") as f:
        json.dump(spec, f, indent=1)
    for n, why in skipped:
        print("skipped %s: %s" % (n, why), file=sys.stderr)
    print("%d programs in %s" % (len(programs), os.path.join(dest, "spec.json")))
