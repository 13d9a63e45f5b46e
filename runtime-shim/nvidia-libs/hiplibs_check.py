#!/usr/bin/env python3
# hiplibs_check.py: checks the generated HIP-on-NVIDIA library layer against the mapping tables, row by row: the
# HIP name a port uses exists, forwards to the CUDA function the row names with matching parameter types (checked
# by the compiler), and enumerators convert by name both ways (checked by running the converters on the host).
# It needs nvcc and CUDA's library headers (exit 77 without them); it needs no GPU and does not run CUDA libraries.
import argparse
import csv
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cub_names  # noqa: E402
import cuda_decls  # noqa: E402
import hiplibs_gen  # noqa: E402

PREFIXES = ['CUBLASLT_', 'HIPBLASLT_', 'CUBLAS_', 'HIPBLAS_', 'CURAND_', 'HIPRAND_', 'CUFFT_', 'HIPFFT_',
            'CUSPARSE_', 'HIPSPARSE_', 'CUSOLVERDN_', 'HIPSOLVERDN_', 'CUSOLVERRF_', 'HIPSOLVERRF_', 'CUSOLVER_',
            'HIPSOLVER_', 'CUDA_', 'HIP_', 'CUB_', 'HIPCUB_']


def normalize(name):
    n = name.upper()
    for p in PREFIXES:
        if n.startswith(p):
            return n[len(p):].replace('_', '')
    return n.replace('_', '')


class Problems:
    def __init__(self):
        self.items = []

    def add(self, text):
        self.items.append(text)


def read_manifest(path):
    return hiplibs_gen.read_tsv(path)


def parse_layer(text):
    """What a generated header defines, read back from its text (not from the generator's state)."""
    info = {'wrappers': {}, 'forwarders': {}, 'enums': {}, 'enum_alias': {}, 'members': {}, 'from_cases': {},
            'typedefs': {}, 'macros': {}, 'namespaces': {}}
    for m in re.finditer(r'^static inline ([^\n]+?) (\w+)\(([^\n]*)\) \{\n(.*?)^\}', text, re.M | re.S):
        ret, name, params, body = m.groups()
        if name.startswith('hipify_'):
            if name.endswith('_from_cuda'):
                for c, h in re.findall(r'case (\w+): return (\w+);', body):
                    info['from_cases'][(name[len('hipify_'):-len('_from_cuda')], c)] = h
            continue
        info['wrappers'][name] = (ret, params, body)
    for m in re.finditer(r'auto (\w+)\(A\.\.\. a\) -> decltype\((\w+)\(a\.\.\.\)\)', text):
        info['forwarders'][m.group(1)] = m.group(2)
    for m in re.finditer(r'^typedef enum (\w+) \{\n(.*?)\n\} (\w+);', text, re.M | re.S):
        tag, body, main = m.groups()
        info['enums'][main] = tag
        info['enum_alias'][tag] = main
        for h, c in re.findall(r'^  (\w+) = (\w+)', body, re.M):
            info['members'][h] = (c, main)
    for m in re.finditer(r'^typedef (?!enum)(.+) (\w+);$', text, re.M):
        info['typedefs'][m.group(2)] = m.group(1)
    for m in re.finditer(r'^#define (\w+)(\(\.\.\.\))? (\w+)', text, re.M):
        info['macros'][m.group(1)] = m.group(3)
    # A namespace over another: a block of using-declarations and namespace aliases; the structs it defines itself.
    for m in re.finditer(r'^namespace (\w+) \{\n((?:using ::\w+::[^;\n]+;\n|namespace \w+ = ::\w+::\w+;\n)+)\}', text, re.M):
        info['namespaces'][m.group(1)] = re.search(r'::(\w+)::', m.group(2)).group(1)
    info['own_structs'] = set(re.findall(r'^struct (\w+) \{', text, re.M))
    info['directives'] = re.findall(r'using namespace ::(\w+)', text)
    return info


def callee_of(body):
    """The CUDA function a wrapper body calls: the first call that is not a converter."""
    for name in re.findall(r'\b([A-Za-z_]\w*)\s*\(', body):
        if not name.startswith('hipify_') and name not in ('return', 'if', 'sizeof', 'switch'):
            return name
    return None


def merged_info(layer_dir, headers, problems):
    infos = {}
    for h in headers:
        path = os.path.join(layer_dir, h['header'])
        if not os.path.isfile(path):
            problems.add('%s: not generated (a layer older than headers.tsv?)' % path)
            continue
        with open(path) as f:
            infos[h['header']] = parse_layer(f.read())
    return infos


def check_rows(args, headers, manifest, infos, problems):
    """Text-level checks, and the lines of the compiled check program."""
    # 1. Every row of the layer's tables that has a target name is in the manifest once.
    expected = set()
    for h in headers:
        for spec in h['tables']:
            for r in hiplibs_gen.table_rows(args.mappings, spec.partition(':')[0]):
                if r.get(h['column']) and r['kind'] in ('function', 'type', 'enum', 'macro', 'namespace'):
                    expected.add((r['table'], h['column'], r['cuda']))
    seen = {}
    for m in manifest:
        key = (m['table'], m['column'], m['cuda'])
        seen[key] = seen.get(key, 0) + 1
    for key in sorted(expected - set(seen)):
        problems.add('row %s %s %s: missing from HIPIFY_LIBS.tsv' % key)
    for key, n in sorted(seen.items()):
        if n > 1:
            problems.add('row %s %s %s: %d times in HIPIFY_LIBS.tsv' % (key + (n,)))
        if key not in expected:
            problems.add('row %s %s %s: in HIPIFY_LIBS.tsv but not a table row with a target' % key)

    reviewed = {(r['cuda'], r['hip']): r['reason'] for r in hiplibs_gen.read_tsv(args.reviewed)}
    used_reviews = set()
    static, runtime, type_pairs = [], [], {}
    extra_args = hiplibs_gen.extra_arguments(args.mappings)
    kinds = {}
    for h in headers:
        for spec in h['tables']:
            for r in hiplibs_gen.table_rows(args.mappings, spec.partition(':')[0]):
                kinds[(r['table'], r['cuda'])] = r['kind']
    for m in manifest:
        if m['status'] != 'covered':
            continue
        info = infos.get(m['header'])
        tgt, cuda, how = m['target'], m['cuda'], m['how']
        where = '%s %s (%s, %s)' % (cuda, tgt, m['table'], m['column'])
        if info is None:
            problems.add('%s: header %s not generated' % (where, m['header']))
            continue
        if how == 'wrapper':
            w = info['wrappers'].get(tgt)
            if not w:
                problems.add('%s: no wrapper %s in %s' % (where, tgt, m['header']))
                continue
            called = callee_of(w[2])
            if not called:
                problems.add('%s: the wrapper calls nothing' % where)
                continue
            # The wrapper's parameter types, each HIP enum replaced by the table's CUDA type, must be exactly those of
            # a CUDA function the row names (a static_cast to that pointer type selects it, or fails to compile), and
            # the function the wrapper calls must be that one (CUDA's #define aliases resolved by the compiler).
            extras = extra_args.get(tgt, [])
            fn = ('typename hc::cuda_fn_dropping<%d, decltype(&%s)>::type' % (sorted(p for p, _ in extras)[0], tgt)
                  if extras else 'typename hc::cuda_fn<decltype(&%s)>::type' % tgt)
            static.append('static_assert(static_cast<%s>(&%s) == static_cast<%s>(&%s), "%s calls %s, not %s");' % (
                fn, cuda, fn, called, tgt, called, cuda))
        elif how == 'forwarder':
            if info['forwarders'].get(tgt) != cuda:
                problems.add('%s: no device forwarder %s -> %s' % (where, tgt, cuda))
        elif how == 'enum':
            if tgt not in info['enums'] and tgt not in info['enum_alias'] and tgt not in info['typedefs']:
                problems.add('%s: no enum %s' % (where, tgt))
            elif tgt in info['enums']:
                type_pairs[tgt] = cuda
        elif how == 'enumerator':
            if normalize(cuda) != normalize(tgt) and m['column'] == 'hip':
                if (cuda, tgt) not in reviewed:
                    problems.add('%s: the HIP name does not read as the CUDA one and enum_names_reviewed.tsv does '
                                 'not say why the pair is right' % where)
                used_reviews.add((cuda, tgt))
            if tgt in info['members'] and info['members'][tgt][0] == cuda:
                main = info['members'][tgt][1]
                static.append('static_assert((long long)%s == (long long)%s, "%s has not the value of %s");' % (
                    tgt, cuda, tgt, cuda))
                runtime.append('HC_EXPECT(hipify_%s_to_cuda(%s) == %s, "%s converts to %s");' % (main, tgt, cuda, tgt,
                                                                                                 cuda))
                runtime.append('HC_EXPECT(hipify_%s_from_cuda(%s) == %s, "%s converts back to %s");' % (
                    main, cuda, tgt, cuda, tgt))
            elif tgt in info['members'] and not m['reason'].startswith('converts to'):
                problems.add('%s: the layer makes %s stand for %s' % (where, tgt, info['members'][tgt][0]))
            elif tgt in info['members']:
                main = info['members'][tgt][1]
                runtime.append('HC_EXPECT(hipify_%s_from_cuda(%s) == %s, "%s converts to %s");' % (
                    main, cuda, tgt, cuda, tgt))
            else:
                problems.add('%s: %s is no enumerator of the layer' % (where, tgt))
        elif how == 'macro':
            if info['macros'].get(tgt) != cuda:
                problems.add('%s: no #define %s %s' % (where, tgt, cuda))
            if m['column'] == 'hip' and normalize(cuda) != normalize(tgt):
                if (cuda, tgt) not in reviewed:
                    problems.add('%s: the HIP name does not read as the CUDA one and enum_names_reviewed.tsv does '
                                 'not say why the pair is right' % where)
                used_reviews.add((cuda, tgt))
            if kinds.get((m['table'], cuda)) == 'enum':
                static.append('static_assert((long long)%s == (long long)%s, "%s is not %s");' % (tgt, cuda, tgt, cuda))
        elif how == 'typedef':
            if tgt not in info['typedefs'] and m['reason'] != 'already defined':
                problems.add('%s: no typedef %s' % (where, tgt))
            static.append('static_assert(std::is_same<%s, %s>::value, "%s is not %s");' % (tgt, cuda, tgt, cuda))
        elif how == 'hip-runtime':
            # HIP's NVIDIA headers define it: it must be CUDA's own type or value.
            if kinds.get((m['table'], cuda)) == 'enum':
                static.append('static_assert((long long)%s == (long long)%s, "%s is not %s");' % (tgt, cuda, tgt, cuda))
            else:
                static.append('static_assert(std::is_same<%s, %s>::value, "%s is not %s");' % (tgt, cuda, tgt, cuda))
        elif how == 'namespace':
            if info['namespaces'].get(tgt) != cuda:
                problems.add('%s: no namespace %s over %s' % (where, tgt, cuda))
            if info['directives']:
                # A port's `using namespace hipcub;` would see CUB's DeviceReduce beside the layer's: ambiguous.
                problems.add('%s: %s holds a using-directive of %s, so a name %s defines itself is seen twice' % (
                    where, m['header'], ', '.join(info['directives']), tgt))
    for key, reason in reviewed.items():
        if key not in used_reviews:
            problems.add('enum_names_reviewed.tsv: %s -> %s is no longer a covered row: remove it' % key)
    return static, runtime, type_pairs


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--layer', required=True, help='the generated layer (folder holding HIPIFY_LIBS.tsv)')
    ap.add_argument('--mappings', default=os.path.join(HERE, '..', '..', 'mappings'))
    ap.add_argument('--headers', default=os.path.join(HERE, 'headers.tsv'))
    ap.add_argument('--reviewed', default=os.path.join(HERE, 'enum_names_reviewed.tsv'))
    ap.add_argument('--nvcc', default='/usr/local/cuda/bin/nvcc')
    ap.add_argument('--cuda-include', default=None)
    ap.add_argument('--hip-include', default='/usr/include')
    ap.add_argument('--compat-include', default='')
    ap.add_argument('--work', required=True)
    ap.add_argument('--mutate', choices=['enum-swap', 'callee', 'cub-directive'], help='check a deliberately broken copy (must fail)')
    args = ap.parse_args()
    if not os.path.isfile(args.nvcc) and not shutil.which(args.nvcc):
        print('SKIPPED: nvcc not found (%s)' % args.nvcc)
        return 77
    if args.cuda_include is None:
        args.cuda_include = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(args.nvcc))), 'include')
    if not os.path.isfile(os.path.join(args.cuda_include, 'cublas_v2.h')):
        print('SKIPPED: no CUDA library headers in %s' % args.cuda_include)
        return 77
    if not args.layer:
        print('SKIPPED: the library layer was not built (configure found no nvcc with CUDA library headers)')
        return 77
    if not os.path.isfile(os.path.join(args.layer, 'HIPIFY_LIBS.tsv')):
        print('hiplibs_check: %s holds no generated layer' % args.layer, file=sys.stderr)
        return 1
    os.makedirs(args.work, exist_ok=True)
    args.work = os.path.join(args.work, args.mutate or 'layer')
    os.makedirs(args.work, exist_ok=True)
    layer = args.layer
    if args.mutate:
        layer = os.path.join(args.work, 'copy')
        shutil.rmtree(layer, ignore_errors=True)
        shutil.copytree(args.layer, layer)
        mutate(layer, args.mutate)
        problems = run_checks(args, layer, quick=True)
        # The check of a broken copy must fail, and for the reason planted.
        marker = {'enum-swap': 'HIPBLAS_OP_T', 'callee': 'hipblasSaxpy calls', 'cub-directive': 'using-directive'}[
            args.mutate]
        caught = [p for p in problems if marker in p]
        print('hiplibs_check --mutate %s: %s' % (args.mutate, 'caught' if caught else 'NOT CAUGHT'))
        return 0 if caught else 1
    return 1 if run_checks(args, layer) else 0


def mutate(layer, how):
    path = os.path.join(layer, 'hipcub' if how == 'cub-directive' else 'hipblas',
                        'hipcub.hpp' if how == 'cub-directive' else 'hipblas.h')
    with open(path) as f:
        text = f.read()
    if how == 'cub-directive':  # hipcub:: over cub:: by a using-directive, as the layer once was
        new = re.sub(r'^(namespace hipcub \{\n)(?:using ::cub::[^\n]*\n|namespace \w+ = ::cub::\w+;\n)+',
                     r'\1using namespace ::cub;\n', text, flags=re.M)
    elif how == 'enum-swap':  # a wrong pairing that still compiles: HIPBLAS_OP_T and HIPBLAS_OP_C swapped
        swap = {'CUBLAS_OP_T': 'CUBLAS_OP_C', 'CUBLAS_OP_C': 'CUBLAS_OP_T'}
        new = re.sub(r'(HIPBLAS_OP_[TC] = |case HIPBLAS_OP_[TC]: return )(CUBLAS_OP_[TC])',
                     lambda m: m.group(1) + swap[m.group(2)], text)
    else:  # a wrapper that calls a function of another row (the 64-bit saxpy)
        new = re.sub(r'(hipblasSaxpy\(.*?\n.*?)cublasSaxpy\(', r'\1cublasSaxpy_64(', text, count=1, flags=re.S)
    if new == text:
        raise SystemExit('hiplibs_check: the %s mutation found nothing to change' % how)
    with open(path, 'w') as f:
        f.write(new)


def run_checks(args, layer, quick=False):
    headers = hiplibs_gen.read_headers(args.headers)
    manifest = read_manifest(os.path.join(layer, 'HIPIFY_LIBS.tsv'))
    problems = Problems()
    infos = merged_info(layer, headers, problems)
    static, runtime, type_pairs = check_rows(args, headers, manifest, infos, problems)

    # Rows said absent: CUDA's preprocessed headers of that column must not hold the name at all.
    texts = {}
    for column in sorted({h['column'] for h in headers}) if not quick else []:
        for scan in sorted({h['scan'] for h in headers if h['column'] == column}):
            cuda = [c for h in headers if h['column'] == column and h['scan'] == scan for c in h['cuda']]
            compiler = args.nvcc if scan == 'nvcc' else 'g++'
            text = cuda_decls.preprocess(cuda, [args.cuda_include], compiler)
            # Line markers name files (curand.h): only code and #define lines count.
            text = '\n'.join(line for line in text.split('\n') if not line.startswith('#') or line.startswith('#define'))
            texts[column] = texts.get(column, '') + text
    for m in manifest:
        if m['status'] == 'absent' and not quick and re.search(r'\b%s\b' % re.escape(m['cuda']), texts[m['column']]):
            problems.add('%s (%s): said absent, but the CUDA headers of the %s headers spell it' % (
                m['cuda'], m['table'], m['column']))

    # Device forwarders: every CUDA overload is callable under the HIP name with HIP-spelled types, same result.
    hip_types = {}
    for h in headers:
        for spec in h['tables']:
            for r in hiplibs_gen.table_rows(args.mappings, spec.partition(':')[0]):
                if r['kind'] == 'type' and r.get(h['column']):
                    hip_types.setdefault(h['column'], {}).setdefault(r['cuda'], r[h['column']])
    forwarders = [m for m in manifest if m['status'] == 'covered' and m['how'] == 'forwarder']
    if forwarders and not quick:
        kernel_headers = sorted({m['header'] for m in forwarders})
        decl_sets = [cuda_decls.scan(hh['cuda'], [args.cuda_include], args.nvcc) for hh in headers
                     if hh['header'] in kernel_headers]
        for m in forwarders:
            for d in decl_sets:
                for ret, params, _f, _dev in d.definitions.get(m['cuda'], []):
                    hip_params = []
                    for p in params:
                        toks, _name = hiplibs_gen.param_split(p)
                        toks = [hip_types[m['column']].get(t, t) if re.fullmatch(r'\w+', t) else t for t in toks]
                        hip_params.append('std::declval<%s>()' % cuda_decls.join([t for t in toks if t != '%s']))
                    if any('curandStateTest' in p for p in params):
                        continue  # CUDA's internal test generator has no HIP name
                    static.append('static_assert(std::is_same<decltype(%s(%s)), decltype(%s(%s))>::value, '
                                  '"%s differs from %s for (%s)");' % (
                                      m['target'], ', '.join(hip_params), m['cuda'], ', '.join(hip_params),
                                      m['target'], m['cuda'], ', '.join(params)))

    # A namespace row (cub -> hipcub): every name the CUDA namespace declares, read again from CUDA's headers, must
    # be a name of the HIP namespace; where the layer does not define it itself, the very same entity (two
    # using-declarations of one name in one namespace compile only when they name one entity; overloaded
    # functions excepted, which may coexist).
    for m in manifest if not quick else []:
        if m['status'] != 'covered' or m['how'] != 'namespace' or m['header'] not in infos:
            continue
        cuda_headers = [c for h in headers if h['header'] == m['header'] for c in h['cuda']]
        text = cub_names.preprocess(args.cuda_include, args.nvcc, cuda_headers)
        names = cub_names.scan(cub_names.tokens(text), m['cuda'])
        if not names:
            problems.add('%s: no name of namespace %s found in %s' % (m['cuda'], m['cuda'], ', '.join(cuda_headers)))
        # A second reading, not the scanner's: every cub::X that CUB's own code spells must be one of the names.
        code = '\n'.join(line for line in text.split('\n') if not line.lstrip().startswith('#'))
        spelt = set(re.findall(r'(?<![\w:])(?:::)?%s::([A-Za-z_]\w*)' % m['cuda'], code))
        for name in sorted(spelt - set(names)):
            problems.add('%s::%s: CUB\'s headers name it, cub_names.py did not find its declaration, so %s::%s '
                         'would be missing' % (m['cuda'], name, m['target'], name))
        own = infos[m['header']]['own_structs']
        for k, (name, kind) in enumerate(sorted(names.items())):
            what = '%s::%s is %s::%s' % (m['target'], name, m['cuda'], name)
            if kind == 'namespace':
                static.append('namespace hc_ns%d = ::%s::%s;  // check: %s' % (k, m['target'], name, what))
            elif name in own:
                static.append('namespace hc_ns%d { using ::%s::%s; }  // check: %s::%s is the layer\'s own' % (
                    k, m['target'], name, m['target'], name))
            else:
                static.append('namespace hc_ns%d { using ::%s::%s; using ::%s::%s; }  // check: %s' % (
                    k, m['target'], name, m['cuda'], name, what))
        print('%s: %d names of namespace %s checked under %s (%d of them spelt %s::X in its headers)' % (
            m['header'], len(names), m['cuda'], m['target'], len(spelt), m['cuda']))

    # The compiled check: the layer's headers, the trait mapping HIP enum types to the table's CUDA types.
    src = ['// hiplibs_check: generated; compiled with nvcc and run on the host.', '#include <cstdio>',
           '#include <tuple>', '#include <type_traits>', '#include <utility>', '#include <hip/hip_runtime.h>']
    for h in headers:
        if h['header'] in infos:
            src.append('#include <%s>' % h['header'])
    src.append(TRAITS)
    for main, cuda in sorted(type_pairs.items()):
        src.append('template <> struct hc::to_cuda<%s> { typedef %s type; };' % (main, cuda))
    src.append('static int hc_failures = 0;')
    src.append('#define HC_EXPECT(cond, what) do { if (!(cond)) { std::printf("MISMATCH %s\\n", what); '
               '++hc_failures; } } while (0)')
    src += static
    src.append('int main() {')
    src += ['  ' + r for r in runtime]
    src.append('  std::printf("hiplibs_check: %d static checks, %d conversions checked, %d mismatches\\n", ' +
               '%d, %d, hc_failures);' % (len(static), len(runtime)))
    src.append('  return hc_failures ? 1 : 0;\n}')
    cpp = os.path.join(args.work, 'hiplibs_check.cpp')
    exe = os.path.join(args.work, 'hiplibs_check')
    src = '\n'.join(src).split('\n')  # one entry per line, to quote a failing check by its line number
    with open(cpp, 'w') as f:
        f.write('\n'.join(src) + '\n')
    if os.path.exists(exe):
        os.unlink(exe)
    cmd = [args.nvcc, '-std=c++17', '-x', 'cu', '-D__HIP_PLATFORM_NVIDIA__']
    if args.compat_include:
        cmd += ['-I', args.compat_include]
    cmd += ['-I', layer]
    if args.hip_include and args.hip_include != '/usr/include':
        cmd += ['-I', args.hip_include]
    cmd += [cpp, '-o', exe]
    res = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if res.returncode != 0:
        errors = [line for line in res.stdout.split('\n') if 'error' in line]
        for line in errors[:40]:
            # An error at a check line is that check failing: name it by the check's own message.
            at = re.search(r'hiplibs_check\.cpp\((\d+)\)', line)
            said = re.search(r'"([^"]*)"\);$|// check: (.*)$', src[int(at.group(1)) - 1]) if at and int(
                at.group(1)) <= len(src) else None
            problems.add('compile: %s%s' % (line.strip(), ' [check: %s]' % (said.group(1) or said.group(2))
                                            if said else ''))
        problems.add('compile: %d errors (%s)' % (len(errors), ' '.join(cmd)))
    else:
        run = subprocess.run([exe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
        for line in run.stdout.split('\n'):
            if line.startswith('MISMATCH'):
                problems.add(line)
            elif line:
                print(line)
        if run.returncode != 0 and not any(p.startswith('MISMATCH') for p in problems.items):
            problems.add('the check program failed (status %d)' % run.returncode)

    counts = {}
    for m in manifest:
        k = '%s %s' % (m['table'], m['column'])
        counts.setdefault(k, {}).setdefault(m['status'], 0)
        counts[k][m['status']] += 1
    for k in sorted(counts):
        print('%s: %s' % (k, ', '.join('%s %d' % kv for kv in sorted(counts[k].items()))))
    for p in problems.items:
        print('FAIL: %s' % p)
    print('hiplibs_check: %s (%d problems)' % ('FAILED' if problems.items else 'ok', len(problems.items)))
    return problems.items


TRAITS = r'''
namespace hc {
template <class T> struct to_cuda { typedef T type; };
template <class T> struct to_cuda<T *> { typedef typename to_cuda<T>::type *type; };
template <class T> struct to_cuda<const T> { typedef const typename to_cuda<T>::type type; };
// The CUDA function type a HIP function type stands for: every HIP enum replaced by the table's CUDA enum.
template <class F> struct cuda_fn;
template <class HR, class... HA> struct cuda_fn<HR (*)(HA...)> {
  typedef typename to_cuda<HR>::type (*type)(typename to_cuda<HA>::type...);
};
// The HIP call may carry one argument CUDA's has not (a null buffer the translator inserts): it must be void *.
template <std::size_t N, class Done, class Rest> struct drop_at;
template <std::size_t N, class... D, class R0, class... R>
struct drop_at<N, std::tuple<D...>, std::tuple<R0, R...>> : drop_at<N - 1, std::tuple<D..., R0>, std::tuple<R...>> {};
template <class... D, class R0, class... R>
struct drop_at<0, std::tuple<D...>, std::tuple<R0, R...>> {
  static_assert(std::is_same<R0, void *>::value, "the extra argument of the HIP call is not void *");
  typedef std::tuple<D..., R...> type;
};
template <class R, class T> struct fn_of;
template <class R, class... A> struct fn_of<R, std::tuple<A...>> { typedef R (*type)(A...); };
template <std::size_t N, class F> struct cuda_fn_dropping;
template <std::size_t N, class HR, class... HA> struct cuda_fn_dropping<N, HR (*)(HA...)> {
  typedef typename fn_of<typename to_cuda<HR>::type,
                         typename drop_at<N, std::tuple<>, std::tuple<typename to_cuda<HA>::type...>>::type>::type type;
};
}  // namespace hc
'''

if __name__ == '__main__':
    sys.exit(main())
