#!/usr/bin/env python3
# test_integrity.py: the table-integrity checks of gen_c_tables.py: each kind of malformed TSV fails the
# generation with a message naming file and line, and the real tables pass. It does not test lookups.
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ARGS = None
COLUMNS = ("cuda\thip\troc\tkind\tfamily\tsection\tcuda_added\tcuda_deprecated\tcuda_changed\tcuda_removed\t"
           "hip_added\thip_deprecated\thip_changed\thip_removed\thip_experimental\troc_added\troc_deprecated\t"
           "roc_changed\troc_removed\troc_experimental\tflags")
HEADERS = "cuda\thip\thip_old\thip_path_since\tfamily\tflags\troc"


def row(cuda="cudaMalloc", hip="hipMalloc", kind="function", family="runtime", hip_added="1.6.0", flags=""):
    cells = [cuda, hip, "", kind, family, "Memory", "", "", "", "", hip_added] + [""] * 9 + [flags]
    return "\t".join(cells)


class Integrity(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="hc-mapping-")
        self.write("headers.tsv", [HEADERS, "cuda_runtime.h\thip/hip_runtime.h\t\t\truntime\truntime\t"])

    def tearDown(self):
        shutil.rmtree(self.dir)

    def write(self, name, lines):
        with open(os.path.join(self.dir, name), "w") as f:
            f.write("\n".join(lines) + "\n")

    def generate(self):
        out = os.path.join(self.dir, "out.c")
        if os.path.exists(out):
            os.unlink(out)
        families = os.path.join(ARGS.source, "translator", "include", "hipify", "families.def")
        mapping_h = os.path.join(ARGS.source, "translator", "lib", "mapping.h")
        return subprocess.run([sys.executable, os.path.join(ARGS.source, "mappings", "tools", "gen_c_tables.py"),
                               "--gperf", ARGS.gperf, "--families", families, "--mapping-h", mapping_h,
                               "--out", out, self.dir], capture_output=True, text=True)

    def assert_fails(self, *needles):
        proc = self.generate()
        self.assertNotEqual(proc.returncode, 0, "generation should fail")
        for needle in needles:
            self.assertIn(needle, proc.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.dir, "out.c")), "no output on failure")

    def test_valid_minimal_tables_generate(self):
        self.write("runtime.tsv", [COLUMNS, row(), row("cudaFree", "hipFree")])
        proc = self.generate()
        self.assertEqual(proc.returncode, 0, proc.stderr)
        with open(os.path.join(self.dir, "out.c")) as f:
            text = f.read()
        self.assertIn('.cuda = "cudaFree"', text)
        self.assertIn("HC_VERSION(1, 6, 0)", text)

    def test_duplicate_cuda_name_across_files(self):
        self.write("runtime.tsv", [COLUMNS, row()])
        self.write("extra_more.tsv", [COLUMNS, row()])
        self.assert_fails("runtime.tsv:2: duplicate CUDA name 'cudaMalloc' (first at extra_more.tsv:2)")

    def test_malformed_hip_identifier(self):
        self.write("runtime.tsv", [COLUMNS, row(hip="hip Malloc")])
        self.assert_fails("runtime.tsv:2: malformed HIP name 'hip Malloc'")

    def test_unparsable_version(self):
        self.write("runtime.tsv", [COLUMNS, row(hip_added="6.x")])
        self.assert_fails("runtime.tsv:2: column hip_added: unparsable version '6.x'")

    def test_unknown_family_and_kind(self):
        self.write("runtime.tsv", [COLUMNS, row(family="opencl"), row("cudaFree", "hipFree", kind="thing")])
        self.assert_fails("unknown family 'opencl'", "runtime.tsv:3: unknown kind 'thing'")

    def test_wrong_cell_count_and_header(self):
        self.write("runtime.tsv", [COLUMNS, "cudaMalloc\thipMalloc"])
        self.assert_fails("runtime.tsv:2: 2 cells, expected 21")
        self.write("runtime.tsv", ["cuda\thip", row()])
        self.assert_fails("runtime.tsv:1: header must be")

    def test_unknown_flag_and_false_identity(self):
        self.write("runtime.tsv", [COLUMNS, row(flags="magic"), row("cudaFree", "hipFree", flags="identity")])
        self.assert_fails("unknown flag 'magic'", "flag identity but HIP name 'hipFree' differs")

    def test_headers_checked(self):
        self.write("runtime.tsv", [COLUMNS, row()])
        self.write("headers.tsv", [HEADERS, "cublas_v2.h\thipblas/hipblas.h\thipblas.h\t\tblas\t\t",
                                   "x.h\t\t\t\truntime\tremove,bogus\t"])
        self.assert_fails("headers.tsv:2: hip_old needs hip_path_since", "unknown flag 'bogus'")

    def test_header_prefix_rows_checked(self):
        self.write("runtime.tsv", [COLUMNS, row()])
        self.write("headers.tsv", [HEADERS, "cub/*\thipcub/hipcub.hpp\t\t\tcub\t\t",
                                   "thrust/x.h\tthrust/*\t\t\tthrust\t\t",
                                   "cuda/*\t\tcu.h\t5.2.0\truntime\t\t"])
        self.assert_fails("headers.tsv:3: a HIP prefix (thrust/*) needs a CUDA prefix",
                          "headers.tsv:4: a prefix row takes no hip_old or roc")

    def test_arguments_must_agree_with_flags(self):
        self.write("runtime.tsv", [COLUMNS, row(), row("cudaFree", "hipFree", flags="arg_rewrite")])
        self.write("arguments.tsv", ["cuda\tnargs\thip\taction\tnote\ttarget",
                                     "cudaMalloc\t*\t\tsymbol:0\tx\t", "cudaNothing\t2\t\trename\tx\t",
                                     "cudaMalloc\tmany\t\twrap:1\tx\t", "cudaMalloc\t2\t\tcheck\tx\t",
                                     "cudaMalloc\t3\t\tdrop:x:y\tx\t", "cudaMalloc\t4\t\treplace:1:z\tx\trocOther",
                                     "cudaMalloc\t5\t\tmove:1:2\tx\t"])
        self.assert_fails("arguments.tsv:2: 'cudaMalloc' lacks flag arg_rewrite",
                          "arguments.tsv:3: 'cudaNothing' is not a CUDA name",
                          "arguments.tsv:4: nargs must be a count or *", "unknown action 'wrap:1'",
                          "arguments.tsv:5: action check needs the warning text",
                          "arguments.tsv:6: action drop needs an index and a warning (drop:N:TEXT)",
                          "arguments.tsv:7: target 'rocOther' is neither the HIP nor the ROC name",
                          "arguments.tsv:8: action move needs an index, a count and a destination (move:N:COUNT:TO)",
                          "runtime.tsv:3: flag arg_rewrite but no row in arguments.tsv")

    def test_cast_unless_needs_index_and_type(self):
        self.write("runtime.tsv", [COLUMNS, row(flags="arg_rewrite")])
        self.write("arguments.tsv", ["cuda\tnargs\thip\taction\tnote\ttarget",
                                     "cudaMalloc\t*\t\tcast-unless:0:void**\tx\t",
                                     "cudaMalloc\t2\t\tcast-unless:x:void**\tx\t",
                                     "cudaMalloc\t3\t\tcast-unless:0\tx\t"])
        self.assert_fails("arguments.tsv:3: action cast-unless needs an argument index (cast-unless:N)",
                          "arguments.tsv:4: action cast-unless needs a type (cast-unless:N:TYPE)")

    def test_shim_merges_only_where_hip_lacks(self):
        self.write("runtime.tsv", [COLUMNS, row(), row("cudaThreadGetLimit", "", hip_added="")])
        self.write("shim.tsv", ["cuda\tshim_name\tkind\tnote", "# comment",
                                "cudaThreadGetLimit\thipifyShimThreadGetLimit\tfunction\tx",
                                "cudaMalloc\thipifyShimMalloc\tfunction\tHIP has it: ignored"])
        proc = self.generate()
        self.assertEqual(proc.returncode, 0, proc.stderr)
        with open(os.path.join(self.dir, "out.c")) as f:
            text = f.read()
        self.assertIn('.hip = "hipifyShimThreadGetLimit"', text)
        self.assertIn("HC_MAPF_SHIMMED", text)
        self.assertNotIn("hipifyShimMalloc", text)
        self.write("shim.tsv", ["cuda\tshim_name\tkind\tnote", "cudaNoSuch\thipifyShimNoSuch\tfunction\tx"])
        self.assert_fails("shim.tsv:2: 'cudaNoSuch' is not a CUDA name")

    def test_real_tables_pass(self):
        sys.path.insert(0, os.path.join(ARGS.source, "mappings", "tools"))
        import hctables
        keys = hctables.read_family_keys(os.path.join(ARGS.source, "translator", "include", "hipify",
                                                      "families.def"))
        rows, headers, arguments, errors = hctables.load(os.path.join(ARGS.source, "mappings"), keys)
        self.assertEqual(errors, [])
        self.assertGreater(len(rows), 8900)
        self.assertGreater(len(headers), 100)
        self.assertGreater(len(arguments), 10)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--gperf", required=True)
    ap.add_argument("--source", required=True)
    ARGS, rest = ap.parse_known_args()
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)
