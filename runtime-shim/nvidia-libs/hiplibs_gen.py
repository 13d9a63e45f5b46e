#!/usr/bin/env python3
# hiplibs_gen.py: generates the HIP-on-NVIDIA library layer (hipBLAS, hipRAND, hipFFT, hipSPARSE, hipSOLVER, hipCUB
# and the rocBLAS/rocRAND spellings) as header-only inline wrappers over cuBLAS, cuRAND, cuFFT, cuSPARSE, cuSOLVER and
# CUB, from the mapping tables and the installed CUDA headers. It does not read or copy any ROCm source.
#
# What it writes under --out: one header per row of headers.tsv (plus alias headers), and HIPIFY_LIBS.tsv, the
# manifest: one line per mapping row of those tables with a target name, saying how the layer provides it or why not.
import argparse
import csv
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'mappings', 'tools'))
import cub_names  # noqa: E402
import cuda_decls  # noqa: E402
from hctables import NON_MAPPING_FILES  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
IDENT = re.compile(r'[A-Za-z_]\w*')
BUILTIN = {'void', 'char', 'short', 'int', 'long', 'float', 'double', 'signed', 'unsigned', 'const', 'volatile',
           'struct', 'enum', 'union', 'size_t', 'int64_t', 'uint64_t', 'int32_t', 'uint32_t', 'bool', 'int8_t',
           'uint8_t', 'int16_t', 'uint16_t', '__half', '__nv_bfloat16', 'FILE'}


# The families whose roc column a --roc port takes (translator/lib/resolve.c, roc_applies); other rows keep their
# HIP name under --roc (cudaStream_t stays hipStream_t: its roc cell is MIOpen's, for --miopen only).
ROC_FAMILIES = ('blas', 'rand', 'sparse', 'solver', 'complex', 'device')


def read_tsv(path):
    with open(path, newline='') as f:
        lines = [line for line in f if not line.startswith('#')]
    return list(csv.DictReader(lines, delimiter='\t', quoting=csv.QUOTE_NONE))


def read_headers(path):
    out = []
    for r in read_tsv(path):
        r = dict(r)
        for k in ('tables', 'cuda', 'requires', 'aliases'):
            r[k] = [] if r[k] in ('', '-') else r[k].split(',')
        r['link'] = '' if r['link'] == '-' else r['link']
        r['guard'] = '' if r.get('guard', '-') in ('', '-') else r['guard']
        out.append(r)
    return out


def table_rows(mappings, spec):
    """Rows of FILE or FILE:SECTION, each tagged with the file it comes from."""
    name, _, section = spec.partition(':')
    rows = []
    for r in read_tsv(os.path.join(mappings, name)):
        if section and r['section'] != section:
            continue
        r = dict(r)
        r['table'] = name
        rows.append(r)
    return rows


def all_type_rows(mappings, column, layer_tables):
    """CUDA type name -> the name a port spells it with under `column`, over every table (runtime types such as
    cudaStream_t included; a --roc port keeps HIP's names where a row has no roc name), and the set of those names
    that HIP's own headers provide (rows of tables the layer does not generate)."""
    out, external = {}, set()
    for name in sorted(os.listdir(mappings)):
        if not name.endswith('.tsv') or name in NON_MAPPING_FILES:
            continue
        for r in read_tsv(os.path.join(mappings, name)):
            if r.get('kind') != 'type':
                continue
            target = (r.get(column) if column == 'hip' or r.get('family') in ROC_FAMILIES else '') or r.get('hip')
            if target:
                out.setdefault(r['cuda'], target)
                if name not in layer_tables:
                    external.add(target)
    return out, external


def extra_arguments(mappings):
    """Target name -> [(position, text)] for calls the translator gives an inserted null argument (arguments.tsv)."""
    out = {}
    for r in read_tsv(os.path.join(mappings, 'arguments.tsv')):
        m = re.fullmatch(r'insert:(\d+):(nullptr|NULL|0)', r['action'])
        if m and r.get('target'):
            out.setdefault(r['target'], []).append((int(m.group(1)), m.group(2)))
    return out


class Layer:
    """Everything generated for one column (hip or roc): enum definitions are shared by its headers."""

    def __init__(self, column, type_map, external):
        self.column = column
        self.type_map = type_map  # CUDA type -> target name
        self.external = external  # target names HIP's own headers provide
        self.enum_target = {}     # CUDA enum id -> target type name (first one defined)
        self.enum_names = {}      # CUDA enum id -> [target type names]
        self.enum_members = {}    # CUDA enum id -> [(target enumerator, CUDA enumerator)]
        self.enum_extra = {}      # CUDA enum id -> [(target enumerator, further CUDA enumerator it stands for)]
        self.wrapped = {}         # target function -> CUDA function its wrapper calls
        self.defined = set()      # target names the layer defines
        self.where = {}           # target name -> the generated header that defines it
        self.enum_header = {}     # CUDA enum id -> the generated header that defines its target enum
        self.hip_provided = {}    # CUDA enum id -> target name HIP's headers define as the CUDA type
        self.cuda_enum_type = {}  # CUDA enum id -> a CUDA type name that spells it
        self.status_success = {}  # CUDA enum id -> CUDA enumerator meaning success


def param_split(text):
    """'const float * alpha' -> ('const float *', 'alpha'); unnamed parameters get name None."""
    toks = cuda_decls.TOKEN_RE.findall(text)
    if '(' in toks:  # a function pointer: the name is the identifier after '(' '*'
        for i in range(len(toks) - 2):
            if toks[i] == '(' and toks[i + 1] == '*' and IDENT.fullmatch(toks[i + 2]):
                return toks[:i + 2] + ['%s'] + toks[i + 3:], toks[i + 2]
        return None, None
    arrays = 0
    while len(toks) >= 2 and toks[-1] == ']':
        j = len(toks) - 1 - toks[::-1].index('[')
        toks = toks[:j]
        arrays += 1
    if len(toks) >= 2 and IDENT.fullmatch(toks[-1]) and toks[-1] not in BUILTIN:
        return toks[:-1] + ['*'] * arrays + ['%s'], toks[-1]
    return toks + ['*'] * arrays + ['%s'], None


def map_type_tokens(toks, layer, decls):
    """Renames CUDA type names to the layer's names; reports the enum ids the type mentions."""
    out, enums = [], []
    for t in toks:
        if IDENT.fullmatch(t) and t not in BUILTIN:
            eid = decls.enum_of_type(t)
            if eid is not None and eid in layer.enum_target:
                enums.append(eid)
                out.append(layer.enum_target[eid] if t not in layer.type_map else layer.type_map[t])
                continue
            if t in layer.type_map and layer.type_map[t] in layer.defined_or_external:
                out.append(layer.type_map[t])
                continue
        out.append(t)
    return out, enums


def conv_name(layer, eid, direction):
    return 'hipify_%s_%s_cuda' % (layer.enum_target[eid], direction)


def render_type(toks, name):
    return cuda_decls.join([name if t == '%s' else t for t in toks]) if name else cuda_decls.join(
        [t for t in toks if t != '%s'])


def wrapper(target, cuda_name, proto, layer, decls, extras, used=None):
    """An inline function named `target` that converts its arguments and calls `cuda_name`; (code, None) or
    (None, reason)."""
    ret, params, _file = proto[:3]
    params = list(params)
    if any(p.strip() == '...' for p in params):
        return None, 'variadic'
    ret_toks, ret_enums = map_type_tokens(cuda_decls.TOKEN_RE.findall(ret), layer, decls)
    if ret_enums and len([t for t in ret_toks if t == '*']) > 0:
        return None, 'returns a pointer to an enum'
    sig, args, pre, post = [], [], [], []
    status_eid = ret_enums[0] if ret_enums else None
    if used is not None and status_eid is not None:
        used.add(status_eid)
    for i, p in enumerate(params):
        toks, name = param_split(p)
        if toks is None:
            return None, 'parameter %d not understood: %s' % (i, p)
        name = 'a%d' % i
        mapped, enums = map_type_tokens(toks, layer, decls)
        stars = len([t for t in toks if t == '*'])
        if not enums:
            sig.append(render_type(mapped, name))
            args.append(name)
            continue
        if '(' in toks or len(set(enums)) > 1:
            return None, 'parameter %d holds an enum inside a function pointer or several enums: %s' % (i, p)
        eid = enums[0]
        if used is not None:
            used.add(eid)
        cuda_t = layer.cuda_enum_type[eid]
        if stars == 0:
            sig.append(render_type(mapped, name))
            args.append('%s(%s)' % (conv_name(layer, eid, 'to'), name))
        elif stars == 1 and 'const' not in toks:
            # An enum the call writes (a getter): converted back by name after the call.
            sig.append(render_type(mapped, name))
            pre.append('  %s hipify_out%d = (%s)0;' % (cuda_t, i, cuda_t))  # C has no {} initialiser
            args.append('(%s ? &hipify_out%d : 0)' % (name, i))
            post.append((name, 'hipify_out%d' % i, eid))
        else:
            return None, 'parameter %d is an array of enums (%s): it would need a converted copy' % (i, p)
    for pos, text in sorted(extras.get(target, [])):
        if pos > len(sig):
            return None, 'arguments.tsv inserts an argument beyond the parameter list'
        # The HIP call carries one more argument than CUDA's (a null buffer the translator inserts): taken, unused.
        sig.insert(pos, 'void *hipify_unused%d' % pos)
    ret_text = cuda_decls.join(ret_toks)
    call = '%s(%s)' % (cuda_name, ', '.join(args))
    lines = ['static inline %s %s(%s) {' % (ret_text, target, ', '.join(sig) if sig else 'void')]
    lines += pre
    if post:
        if ret.strip() == 'void':
            lines.append('  %s;' % call)
            for name, tmp, eid in post:
                lines.append('  if (%s) *%s = %s(%s);' % (name, name, conv_name(layer, eid, 'from'), tmp))
            lines.append('}')
            return '\n'.join(lines), None
        cuda_ret = cuda_decls.join(cuda_decls.TOKEN_RE.findall(ret))
        lines.append('  %s hipify_r = %s;' % (cuda_ret, call))
        ok = layer.status_success.get(status_eid) if status_eid is not None else None
        for name, tmp, eid in post:
            cond = '%s && hipify_r == %s' % (name, ok) if ok else name
            lines.append('  if (%s) *%s = %s(%s);' % (cond, name, conv_name(layer, eid, 'from'), tmp))
        lines.append('  return %s;' % ('%s(hipify_r)' % conv_name(layer, status_eid, 'from') if status_eid is not None
                                       else 'hipify_r'))
    elif ret.strip() == 'void':
        lines.append('  %s;' % call)
    elif status_eid is not None:
        lines.append('  return %s(%s);' % (conv_name(layer, status_eid, 'from'), call))
    else:
        lines.append('  return %s;' % call)
    lines.append('}')
    return '\n'.join(lines), None


def fallback_enumerator(members):
    """For a CUDA value the HIP enum cannot name: a status becomes its internal/unknown error, as a library wrapper
    would report an error it cannot translate; other enums get no enumerator (-1)."""
    for suffix in ('INTERNAL_ERROR', 'UNKNOWN', 'UNKNOWN_ERROR', 'NOT_SUPPORTED'):
        for target, _ in members:
            if target.endswith(suffix):
                return target
    return None


def enum_block(layer, eid, values):
    names = layer.enum_names[eid]
    members = layer.enum_members[eid]
    cuda_t = layer.cuda_enum_type[eid]
    tag = [n for n in names if not n.endswith('_t')]
    main = [n for n in names if n.endswith('_t')] or names
    out = ['/* %s: the enumerators %s has a name for; each has the value of the CUDA enumerator of the same meaning,'
           % (main[0], cuda_t), '   and the functions below convert by name. */']
    body = ',\n'.join('  %s = %s' % (t, c) for t, c in members) if members else '  hipify_%s_none_ = -1' % main[0]
    tag_name = tag[0] if tag else main[0] + '_enum_'
    out.append('typedef enum %s {\n%s\n} %s;' % (tag_name, body, main[0]))
    if tag and tag_name != main[0]:
        # C names an enum by its tag only as 'enum hipfftResult': the tag is a target name, so it is a type too.
        out.append('typedef enum %s %s;' % (tag_name, tag_name))
    for n in names:
        if n not in (tag_name, main[0]):
            out.append('typedef %s %s;' % (main[0], n))
    t = main[0]
    layer.enum_target[eid] = t  # converters and signatures use the _t name, as ports mostly do
    # A switch may not name one value twice: CUDA spells some values twice (CUBLAS_OP_HERMITAN is CUBLAS_OP_C).
    to = ['static inline %s %s(%s v) {' % (cuda_t, conv_name(layer, eid, 'to'), t), '  switch (v) {']
    seen = set()
    for tn, cn in members:
        v = values.get(cn, cn)
        if v is None or v not in seen:
            to.append('  case %s: return %s;' % (tn, cn))
        seen.add(v)
    to += ['  default: return (%s)-1; /* no CUDA enumerator: the CUDA call rejects it */' % cuda_t, '  }', '}']
    fb = fallback_enumerator(members)
    frm = ['static inline %s %s(%s v) {' % (t, conv_name(layer, eid, 'from'), cuda_t), '  switch (v) {']
    seen = set()
    for tn, cn in members + layer.enum_extra.get(eid, []):
        v = values.get(cn, cn)
        if v is not None and v in seen:
            continue
        seen.add(v)
        frm.append('  case %s: return %s;' % (cn, tn))
    frm += ['  default: return %s;' % (fb if fb else '(%s)-1' % t), '  }', '}']
    out += to + frm
    return '\n'.join(out)


def cub_device_members(cuda_include):
    """CUB's device-wide algorithm structs and their static members returning cudaError_t, read from the CUDA
    headers (cub/device/device_*.cuh): {struct: {member: takes temporary storage first}}."""
    out = {}
    for base in (os.path.join(cuda_include, 'cccl', 'cub', 'device'), os.path.join(cuda_include, 'cub', 'device')):
        if not os.path.isdir(base):
            continue
        for name in sorted(os.listdir(base)):
            if not (name.startswith('device_') and name.endswith('.cuh')):
                continue
            with open(os.path.join(base, name)) as f:
                text = f.read()
            text = re.sub(r'/\*.*?\*/', '', re.sub(r'//[^\n]*', '', text), flags=re.S)
            for m in re.finditer(r'\bstruct\s+(Device\w+)\s*\{', text):
                i, depth = m.end(), 1
                while depth and i < len(text):
                    depth += text[i] == '{'
                    depth -= text[i] == '}'
                    i += 1
                body = text[m.end():i]
                members = out.setdefault(m.group(1), {})
                for mm in re.finditer(r'\bstatic\b[^;{}()]*?\bcudaError_t\s+(\w+)\s*\(\s*([^,)]*)', body):
                    temp_first = re.fullmatch(r'void\s*\*\s*\w+', mm.group(2).strip()) is not None
                    members[mm.group(1)] = members.get(mm.group(1), True) and temp_first
        break
    return out


def cub_device_block(members):
    """hipcub::DeviceReduce... as CUB's, each call's cudaError_t returned as hipError_t (hipCUB's return type)."""
    out = ['', '/* hipCUB\'s device-wide algorithms return hipError_t where CUB\'s return cudaError_t: each struct below',
           '   is hipcub::\'s name for CUB\'s of the same name and converts the status with HIP\'s own converter. Members taking',
           '   the temporary storage first take it as void *, so that a literal NULL still converts. */',
           'namespace hipcub {',
           'static inline hipError_t hipify_cub_status(cudaError_t e) { return hipCUDAErrorTohipError(e); }']
    for struct in sorted(members):
        out.append('struct %s {' % struct)
        for member, temp_first in sorted(members[struct].items()):
            head, args = ('void *t, A &&...a', 't, static_cast<A &&>(a)...') if temp_first else (
                'A &&...a', 'static_cast<A &&>(a)...')
            call = '::cub::%s::%s(%s)' % (struct, member, args)
            out.append('  template <typename... A>')
            out.append('  static auto %s(%s) -> decltype(hipify_cub_status(%s)) {' % (member, head, call))
            out.append('    return hipify_cub_status(%s);' % call)
            out.append('  }')
        out.append('};')
    out.append('}  // namespace hipcub')
    return out


def namespace_block(target, cuda, names, own):
    """namespace TARGET naming each name of namespace CUDA once: a using-declaration per name (a namespace alias per
    nested namespace), except the names TARGET defines itself (`own`). A using-directive would do less well: a
    port's `using namespace hipcub;` would then see both CUB's DeviceReduce and the layer's, and an unqualified
    DeviceReduce would be ambiguous. Returns (lines, a summary for the manifest)."""
    decls = sorted(n for n, k in names.items() if k != 'namespace' and n not in own)
    aliases = sorted(n for n, k in names.items() if k == 'namespace' and n not in own)
    out = ['', '/* %s:: names each name that namespace %s declares (read from CUB\'s headers when this file was '
           'generated), once:' % (target, cuda),
           '   CUB\'s own entity, or the struct above where the layer gives one. Names a port adds inside '
           'BEGIN_HIPCUB_NAMESPACE go to %s::. */' % cuda, 'namespace %s {' % target]
    out += ['using ::%s::%s;' % (cuda, n) for n in decls]
    out += ['namespace %s = ::%s::%s;' % (n, cuda, n) for n in aliases]
    out.append('}  // namespace %s' % target)
    return out, '%d using-declarations, %d namespace aliases, %d structs of its own' % (len(decls), len(aliases),
                                                                                        len(own))


# Types CUDA's headers give C++ only; a wrapper that names one is compiled only as C++.
CXX_ONLY_TYPES = re.compile(r'\b(?:__half2?|__nv_bfloat162?|__nv_fp8\w*)\b')


def guard_name(path):
    return 'HIPIFY_LIBS_' + re.sub(r'\W', '_', path).upper()


def banner(path, what):
    return ('/* %s: generated by runtime-shim/nvidia-libs/hiplibs_gen.py from mappings/*.tsv and the CUDA headers.\n'
            '   %s; it is not ROCm\'s library and holds none of its code. Do not edit: regenerate. */\n' % (path, what))


def generate(args):
    headers = read_headers(args.headers)
    extras = extra_arguments(args.mappings)
    manifest = []  # dicts
    # What HIP's NVIDIA headers already declare (hipDataType is CUDA's cudaDataType there): the layer adds to it.
    hip_names = set()
    if args.hip_include:
        flags = ['-D__HIP_PLATFORM_NVIDIA__']
        incs = ([args.compat_include] if args.compat_include else []) + [args.hip_include, args.cuda_include]
        try:
            hip_names = set(cuda_decls.scan(['hip/hip_runtime.h', 'hip/hip_complex.h'], incs, args.nvcc, flags).files)
        except RuntimeError as e:
            # HIP's NVIDIA headers do not compile with this nvcc (then no port does): say so, generate anyway.
            print('hiplibs_gen: warning: cannot read HIP\'s NVIDIA headers, assuming they define no library '
                  'name:\n%s' % e, file=sys.stderr)
    files = {}     # path -> text
    layers = {}
    claimed = {}   # column -> set of (table, cuda) rows already placed
    scans = {}
    for h in headers:
        column = h['column']
        if column not in layers:
            layer_tables = {spec.partition(':')[0] for x in headers if x['column'] == column for spec in x['tables']}
            type_map, external = all_type_rows(args.mappings, column, layer_tables)
            # A type of another table counts as HIP's own only where HIP's headers declare it: a row may name a
            # HIP type only the ROCm libraries have (hipLibXtDesc); the wrappers then keep the CUDA type.
            if hip_names:
                external = {t for t in external if t in hip_names}
            layers[column] = Layer(column, type_map, external)
            layers[column].hip_names = hip_names
            claimed[column] = set()
        layer = layers[column]
        compiler = args.nvcc if h['scan'] == 'nvcc' else args.cxx
        key = (tuple(h['cuda']), compiler)
        if key not in scans:
            scans[key] = cuda_decls.scan(h['cuda'], [args.cuda_include], compiler)
        decls = scans[key]
        rows = []
        for spec in h['tables']:
            rows += [r for r in table_rows(args.mappings, spec) if r.get(column)]
        mine = []
        for r in rows:
            if (r['table'], r['cuda']) in claimed[column]:
                continue
            if not IDENT.fullmatch(r[column]):
                # rocRAND's engines are C++ names (rocrand_device::mrg32k3a_engine<false>): no C declaration names them.
                if r['cuda'] in decls.files:
                    claimed[column].add((r['table'], r['cuda']))
                    manifest.append(dict(table=r['table'], cuda=r['cuda'], target=r[column], column=column,
                                         header=h['header'], status='not-covered', how='-', callee='-',
                                         reason='the target is a qualified C++ name, which a typedef cannot declare'))
                continue
            name = r['cuda']
            declared = name in decls.files or decls.resolve_function(name)[0] is not None
            if h['header'].startswith('hipcub/') and r['kind'] == 'namespace':
                declared = True
            if not declared:
                continue
            claimed[column].add((r['table'], r['cuda']))
            mine.append(r)
        files[h['header']] = emit_header(h, mine, decls, layer, extras, manifest, args)
        for alias in h['aliases']:
            files[alias] = (banner(alias, 'Includes %s' % h['header']) + '#pragma once\n#include <%s>\n' % h['header'])
    # Rows of these tables no header claimed: CUDA 13's headers do not declare them.
    seen_tables = {}
    for h in headers:
        for spec in h['tables']:
            seen_tables.setdefault((spec.partition(':')[0], h['column']), h['header'])
    for (table, column), header in sorted(seen_tables.items()):
        for r in table_rows(args.mappings, table):
            if not r.get(column) or (table, r['cuda']) in claimed[column]:
                continue
            if r['kind'] not in ('function', 'type', 'enum', 'macro', 'namespace'):
                continue
            elsewhere = sorted({os.path.basename(d.files[r['cuda']]) for d in scans.values() if r['cuda'] in d.files})
            cuda_of_column = sorted({c for h in headers if h['column'] == column for c in h['cuda']})
            why = ('declared in %s, which no %s header of the layer includes (%s)' % (
                ', '.join(elsewhere), column, ', '.join(cuda_of_column)) if elsewhere else
                'the CUDA headers (%s) do not declare %s' % (args.cuda_include, r['cuda']))
            manifest.append(dict(table=table, cuda=r['cuda'], target=r[column], column=column, header='-',
                                 status='not-covered' if elsewhere else 'absent', how='-', callee='-', reason=why))
    return files, manifest


def emit_header(h, rows, decls, layer, extras, manifest, args):
    path = h['header']
    column = layer.column
    out = [banner(path, 'HIP-on-NVIDIA: %s names over %s' % (column, ', '.join(h['cuda']))),
           '#ifndef %s\n#define %s\n' % (guard_name(path), guard_name(path))]
    if h['guard']:
        # The include guard of the ROCm header this one stands for: ports test it (hipify-c turns
        # '#ifdef CUBLAS_API_H_' into '#ifdef HIPBLAS_H') to decide whether the library's names are declared.
        out.append('#ifndef %s\n#define %s\n#endif\n' % (h['guard'], h['guard']))
    if not path.startswith('hipcub/'):
        out.append('#include <hip/hip_runtime_api.h>\n#include <hip/hip_complex.h>')
    for c in h['cuda']:
        out.append('#include <%s>' % c)
    for req in h['requires']:
        out.append('#include <%s>' % req)
    include_at = len(out)  # headers whose enums the wrappers convert (hipsolver takes hipblasFillMode_t) go here
    out.append('')
    used = set()

    def note(r, status, how, callee='-', reason='-'):
        manifest.append(dict(table=r['table'], cuda=r['cuda'], target=r[column], column=column, header=path,
                             status=status, how=how, callee=callee, reason=reason))

    # 1. Types: enums get a HIP enum and converters; everything else a typedef of the CUDA type.
    # Target names of types outside the layer's tables (hipStream_t, hipComplex) are HIP's own typedefs of CUDA's
    # types, as are the names HIP's NVIDIA headers define.
    layer.defined_or_external = set(layer.defined) | layer.external
    type_rows = [r for r in rows if decls.enum_of_type(r['cuda']) is not None or r['cuda'] in decls.typedefs or (
        r['cuda'] in decls.struct_tags) or r['kind'] == 'type']
    type_rows = [r for r in type_rows if r['cuda'] not in decls.enumerators and not decls.resolve_function(r['cuda'])[0]
                 and r['cuda'] not in decls.defines and r['cuda'] not in decls.function_macros]
    enum_ids = []
    for r in type_rows:
        eid = decls.enum_of_type(r['cuda'])
        if eid is None:
            continue
        t = r[column]
        if t in layer.hip_names:
            # HIP's NVIDIA headers spell it as CUDA's own type (#define hipDataType cudaDataType): nothing to convert.
            layer.hip_provided[eid] = t
            layer.defined_or_external.add(t)
            note(r, 'covered', 'hip-runtime', callee=r['cuda'], reason='HIP\'s NVIDIA headers define it')
            continue
        if eid in layer.enum_target and eid not in enum_ids:
            note(r, 'covered', 'enum', reason='defined by %s' % layer.enum_target[eid])
            continue
        clash = [e for e, names in layer.enum_names.items() if t in names and e != eid]
        if clash:
            note(r, 'not-covered', 'enum', reason='%s already names another CUDA enum (%s)' % (t, clash[0]))
            continue
        if eid not in layer.enum_target:
            layer.enum_target[eid] = t
            layer.enum_names[eid] = []
            layer.enum_members[eid] = []
            layer.cuda_enum_type[eid] = r['cuda'] if r['cuda'] in decls.typedefs or not eid.startswith('<') else r['cuda']
            enum_ids.append(eid)
            success = [m for m in decls.enum_members[eid] if m.endswith('SUCCESS')]
            if success:
                layer.status_success[eid] = success[0]
        if t not in layer.enum_names[eid]:
            layer.enum_names[eid].append(t)
        layer.defined.add(t)
        layer.defined_or_external.add(t)
        note(r, 'covered', 'enum')
    # Enumerators, paired by the table's names; one CUDA enum's HIP enum gets all of them.
    hip_macros = []
    for r in rows:
        if r['cuda'] not in decls.enumerators or r['cuda'] in decls.enums:
            continue
        eid = decls.enumerators[r['cuda']]
        if r[column] in layer.hip_names:
            note(r, 'covered', 'hip-runtime', callee=r['cuda'], reason='HIP\'s NVIDIA headers define it')
            continue
        if eid in layer.hip_provided:
            # Its type is CUDA's own under HIP: the name stands for the CUDA enumerator, as HIP's headers do.
            hip_macros.append('#define %s %s' % (r[column], r['cuda']))
            note(r, 'covered', 'macro', callee=r['cuda'])
            continue
        if eid not in layer.enum_target:
            note(r, 'not-covered', 'enumerator', reason='its CUDA enum has no %s type name in the tables' % column)
            continue
        if eid not in enum_ids:
            note(r, 'not-covered', 'enumerator', reason='its enum is defined by another header')
            continue
        first = [c for t, c in layer.enum_members[eid] if t == r[column]]
        if first:
            # Several CUDA enumerators with one HIP name: each converts to it; it converts back to the first.
            layer.enum_extra.setdefault(eid, []).append((r[column], r['cuda']))
            note(r, 'covered', 'enumerator', callee=r['cuda'], reason='converts to %s, which converts back to %s' % (
                r[column], first[0]))
            continue
        layer.enum_members[eid].append((r[column], r['cuda']))
        note(r, 'covered', 'enumerator', callee=r['cuda'])
    out += hip_macros
    for eid in enum_ids:
        layer.enum_header[eid] = path
        for n in layer.enum_names[eid] + [t for t, _ in layer.enum_members[eid]]:
            layer.where.setdefault(n, path)
        layer.cuda_enum_type[eid] = next((n for n, e in decls.enums.items() if e == eid and n in decls.typedefs),
                                         layer.cuda_enum_type[eid])
        out.append(enum_block(layer, eid, decls.values))
        out.append('')
    for r in type_rows:
        if decls.enum_of_type(r['cuda']) is not None:
            continue
        t = r[column]
        if t == r['cuda'] or t in cuda_decls.join([t]).split() and t in BUILTIN:
            note(r, 'covered', 'identity', reason='same name (CUDA declares it)' if t == r['cuda'] else 'a C type')
            continue
        if t in layer.defined:
            note(r, 'covered', 'typedef', callee=r['cuda'], reason='already defined')
            continue
        out.append('typedef %s %s;' % (r['cuda'] if r['cuda'] in decls.typedefs else
                                       ('struct ' + r['cuda'] if r['cuda'] in decls.struct_tags else r['cuda']), t))
        layer.defined.add(t)
        layer.defined_or_external.add(t)
        layer.where.setdefault(t, path)
        note(r, 'covered', 'typedef', callee=r['cuda'])
    out.append('')

    # 2. Macros: the HIP spelling expands to the CUDA one.
    for r in rows:
        name = r['cuda']
        if r['kind'] == 'namespace':
            continue
        if name in decls.function_macros:
            if r[column] == name:
                note(r, 'covered', 'identity', reason='same name (CUDA defines it)')
            else:
                out.append('#define %s(...) %s(__VA_ARGS__)' % (r[column], name))
                note(r, 'covered', 'macro', callee=name)
        elif name in decls.defines and not decls.resolve_function(name)[0]:
            if r[column] == name:
                note(r, 'covered', 'identity', reason='same name (CUDA defines it)')
            else:
                out.append('#define %s %s' % (r[column], name))
                note(r, 'covered', 'macro', callee=name)

    # 3. Functions: inline wrappers converting enums by name; device functions of CUDA's headers get forwarders.
    out.append('')
    for r in rows:
        name = r['cuda']
        if name in decls.enumerators or name in decls.function_macros or r['kind'] == 'namespace':
            continue
        resolved, proto = decls.resolve_function(name)
        if proto is None and name in decls.definitions:
            defs = decls.definitions[name]
            if all(d[3] for d in defs):
                out.append('template <typename... A>\n__device__ __forceinline__ auto %s(A... a) -> decltype(%s(a...)) '
                           '{\n  return %s(a...);\n}' % (r[column], name, name))
                note(r, 'covered', 'forwarder', callee=name)
                continue
            if len(defs) == 1:
                proto, resolved = defs[0], name
        if proto is None:
            if name not in decls.defines and name not in decls.enums and name not in decls.typedefs and (
                    name not in decls.struct_tags):
                note(r, 'not-covered', 'function', reason='no prototype found for %s' % name)
            continue
        if r[column] in layer.wrapped:
            if layer.wrapped[r[column]] == resolved:
                note(r, 'covered', 'wrapper', callee=resolved, reason='the wrapper of another row calls the same function')
            else:
                note(r, 'not-covered', 'function', callee=resolved, reason='%s already wraps %s' % (
                    r[column], layer.wrapped[r[column]]))
            continue
        code, why = wrapper(r[column], name, proto, layer, decls, extras, used)
        if code is None:
            note(r, 'not-covered', 'function', callee=resolved, reason=why)
            continue
        if CXX_ONLY_TYPES.search(code):
            # CUDA declares these functions for C++ only (cuda_fp16.h has no __half in C): so does the layer,
            # so that the header compiles as C, as cuBLAS's does.
            code = '#if defined(__cplusplus)\n%s\n#endif' % code
        out.append(code)
        layer.defined.add(r[column])
        layer.wrapped[r[column]] = resolved
        note(r, 'covered', 'wrapper', callee=resolved)

    # Names of other generated headers used here (hipsolver's wrappers take hipblasFillMode_t, hipsparseMatDescr_t).
    needed = {layer.enum_header[e] for e in used if e in layer.enum_header}
    for name in set(re.findall(r'\b\w+\b', '\n'.join(out[include_at:]))):
        if name in layer.where:
            needed.add(layer.where[name])
    others = sorted(needed - set(h['requires']) - {path})
    out[include_at:include_at] = ['#include <%s>' % o for o in others]
    if path.startswith('hipcub/'):
        ns = [r for r in rows if r['kind'] == 'namespace']
        if ns:
            members = cub_device_members(args.cuda_include)
            text = cub_names.preprocess(args.cuda_include, args.nvcc, h['cuda'])
            out.append('#include <hip/hip_runtime_api.h>')
            out += cub_device_block(members)
        for r in ns:
            names = cub_names.scan(cub_names.tokens(text), r['cuda'])
            block, counts = namespace_block(r[column], r['cuda'], names, set(members))
            out += block
            note(r, 'covered', 'namespace', callee=r['cuda'], reason=counts)
    out.append('\n#endif /* %s */' % guard_name(path))
    return '\n'.join(out) + '\n'


def write_atomic(path, text):
    os.makedirs(os.path.dirname(path) or '.', exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path) or '.', prefix='.hipify-tmp-')
    with os.fdopen(fd, 'w') as f:
        f.write(text)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--mappings', default=os.path.join(HERE, '..', '..', 'mappings'))
    ap.add_argument('--headers', default=os.path.join(HERE, 'headers.tsv'))
    ap.add_argument('--cuda-include', default=None, help='CUDA include dir (default: next to --nvcc)')
    ap.add_argument('--nvcc', default='/usr/local/cuda/bin/nvcc')
    ap.add_argument('--cxx', default='g++')
    ap.add_argument('--hip-include', default='/usr/include', help='directory holding hip/ (empty: do not scan)')
    ap.add_argument('--compat-include', default='', help='the CUDA 13 overlay for HIP 5.2, if needed')
    ap.add_argument('--out', required=True)
    ap.add_argument('--summary', action='store_true', help='print per-table counts')
    args = ap.parse_args()
    if args.cuda_include is None:
        args.cuda_include = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(args.nvcc))), 'include')
    if not os.path.isfile(os.path.join(args.cuda_include, 'cublas_v2.h')):
        print('hiplibs_gen: no CUDA library headers in %s' % args.cuda_include, file=sys.stderr)
        return 1
    files, manifest = generate(args)
    for path, text in files.items():
        write_atomic(os.path.join(args.out, path), text)
    fields = ['table', 'column', 'cuda', 'target', 'header', 'status', 'how', 'callee', 'reason']
    lines = ['# HIPIFY_LIBS.tsv: every mapping row the layer was asked to provide, and how (hiplibs_gen.py).',
             '\t'.join(fields)]
    for m in sorted(manifest, key=lambda m: (m['table'], m['column'], m['cuda'])):
        lines.append('\t'.join(str(m[f]) for f in fields))
    write_atomic(os.path.join(args.out, 'HIPIFY_LIBS.tsv'), '\n'.join(lines) + '\n')
    if args.summary:
        counts = {}
        for m in manifest:
            k = (m['table'], m['column'])
            counts.setdefault(k, {}).setdefault(m['status'], 0)
            counts[k][m['status']] += 1
        for k in sorted(counts):
            print('%s %s: %s' % (k[0], k[1], ', '.join('%s %d' % kv for kv in sorted(counts[k].items()))))
    return 0


if __name__ == '__main__':
    sys.exit(main())
