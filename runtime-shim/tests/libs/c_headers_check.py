#!/usr/bin/env python3
"""c_headers_check.py: the HIP-on-NVIDIA library layer's C headers (hipblas.h, hipfft.h, hipsparse.h, hipsolver.h,
hiprand.h...) compile as C, as cuBLAS's and hipBLAS's own headers do, and define the include guards of the ROCm
headers they stand for (a port tests them: hipify-c writes '#ifdef HIPBLAS_H' for '#ifdef CUBLAS_API_H_'). It checks
headers.tsv's guards against those mappings/pp_macros.def maps CUDA library guards to, then compiles each header the
host compiler scans (headers.tsv's scan column 'cc') with `CC -x c -std=c11 -fsyntax-only` and asks for its guard.
It does not run anything. Exit 77 (SKIPPED) where the layer was not built or CUDA's headers are absent (CUDA's
headers: the include folder beside NVCC's bin folder, as the layer's build finds them).
usage: c_headers_check.py LAYER_INCLUDE COMPAT_INCLUDE HIP_INCLUDE NVCC NVIDIA_LIBS_DIR PP_MACROS_DEF WORK"""
import csv
import os
import re
import subprocess
import sys

LIBRARY_GROUPS = {'blas', 'fft', 'rand', 'sparse', 'solver'}


def main():
    layer, compat, hip_include, nvcc, libs_dir, pp_macros, work = sys.argv[1:8]
    cuda_include = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(nvcc))), 'include') if nvcc else ''
    rows = list(csv.DictReader((line for line in open(os.path.join(libs_dir, 'headers.tsv'))
                                if not line.startswith('#')), delimiter='\t', quoting=csv.QUOTE_NONE))
    failures = []
    # 1. The tables agree: each ROCm library guard the translator writes is one a layer header defines.
    guards = {r['guard'] for r in rows if r.get('guard', '-') not in ('', '-')}
    written = set()
    text = open(pp_macros).read()
    for m in re.finditer(r'HC_PP_MACRO\(\s*(\w+)\s*,\s*(\w+)\s*,[^"]*"(\w+)"', text):
        if m.group(3) in LIBRARY_GROUPS:
            written.add(m.group(2))
    if not written:
        failures.append('%s: no library guard found (the pattern no longer matches the table?)' % pp_macros)
    for g in sorted(written - guards):
        failures.append('pp_macros.def maps a CUDA guard to %s, which no header of headers.tsv defines' % g)
    print('guards: the translator writes %s; the layer defines %s' % (' '.join(sorted(written)),
                                                                      ' '.join(sorted(guards))))
    if not layer or not os.path.isfile(os.path.join(layer, 'HIPIFY_LIBS.tsv')):
        print('SKIPPED: the HIP-on-NVIDIA library layer was not built (no CUDA library headers or no HIP headers)')
        return 1 if failures else 77
    if not cuda_include or not os.path.isfile(os.path.join(cuda_include, 'cublas_v2.h')):
        print('SKIPPED: no CUDA headers at %r' % cuda_include)
        return 1 if failures else 77
    # 2. Each header of the layer's C API compiles as C and defines its guard.
    cc = os.environ.get('CC', 'cc')
    os.makedirs(work, exist_ok=True)
    flags = ['-x', 'c', '-std=c11', '-fsyntax-only', '-Wall', '-Wno-deprecated-declarations',
             '-D__HIP_PLATFORM_NVIDIA__']
    for d in (compat, layer, hip_include, cuda_include):
        # A system folder named with -I would move before the compiler's own: only others are named.
        if d and d != '/usr/include':
            flags.append('-I' + d)
    checked = 0
    for r in rows:
        if r['column'] != 'hip' or r['scan'] != 'cc':
            continue  # nvcc-scanned headers (device code, CUB) are C++ only, as CUDA's own are
        header = os.path.basename(r['header']) if r['aliases'] not in ('', '-') else r['header']
        guard = r.get('guard', '-')
        source = os.path.join(work, re.sub(r'\W', '_', header) + '.c')
        with open(source, 'w') as f:
            f.write('#include <%s>\n' % header)
            if guard not in ('', '-'):
                f.write('#ifndef %s\n#error "%s does not define %s, the guard of the ROCm header"\n#endif\n'
                        % (guard, header, guard))
            f.write('int main(void) { return 0; }\n')
        result = subprocess.run([cc] + flags + [source], capture_output=True, text=True)
        errors = [l for l in result.stderr.splitlines() if 'error' in l]
        checked += 1
        if result.returncode != 0:
            failures.append('%s does not compile as C:\n  %s' % (header, '\n  '.join(errors[:8] or
                                                                                 result.stderr.splitlines()[:8])))
        else:
            print('ok   %s compiles as C%s' % (header, ', defines %s' % guard if guard not in ('', '-') else ''))
    if not checked:
        failures.append('headers.tsv names no header scanned by the host compiler')
    for f in failures:
        print('FAIL: ' + f)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
