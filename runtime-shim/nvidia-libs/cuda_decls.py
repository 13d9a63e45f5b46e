# cuda_decls.py: reads the C declarations of CUDA's library headers (cuBLAS, cuRAND, cuFFT, cuSPARSE, cuSOLVER)
# from the preprocessor's output: prototypes, enums and their enumerators, typedefs, object-like #defines.
# It is not a C parser: bodies of inline functions, templates and namespaces are skipped, not understood.
import os
import re
import subprocess
import tempfile

TOKEN_RE = re.compile(r'[A-Za-z_]\w*|\d[\w.]*|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|::|\.\.\.|->|\S')
LINEMARK_RE = re.compile(r'^#\s*(\d+)\s+"([^"]*)"')
DEFINE_RE = re.compile(r'^#define\s+([A-Za-z_]\w*)(\(?)\s*(.*)$')


class Decls:
    """What the headers declare, each entry tagged with the file that declares it."""

    def __init__(self):
        self.functions = {}   # name -> (return type text, [param text], file)
        self.definitions = {}  # inline function defined in a header -> [(return, [params], file, is_device)]
        self.enums = {}       # enum type name (typedef and tag) -> canonical enum id
        self.enumerators = {}  # enumerator -> canonical enum id
        self.enum_members = {}  # canonical enum id -> [enumerator]
        self.values = {}      # enumerator -> integer value (None where the expression is not a plain constant)
        self.typedefs = {}    # name -> (underlying text, file)
        self.struct_tags = {}  # struct tag -> file
        self.defines = {}     # object-like macro -> replacement text
        self.function_macros = set()
        self.files = {}       # declared name -> file that declares it

    def resolve_function(self, name):
        """The prototype a name stands for, following #define aliases (cublasSgemm -> cublasSgemm_v2)."""
        seen = set()
        while name not in self.functions and name in self.defines and name not in seen:
            seen.add(name)
            target = self.defines[name].strip()
            if not re.fullmatch(r'[A-Za-z_]\w*', target):
                return None, None
            name = target
        return (name, self.functions[name]) if name in self.functions else (None, None)

    def enum_of_type(self, name):
        """The canonical enum id a type name denotes, through typedef chains; None if not an enum."""
        seen = set()
        while name not in self.enums and name in self.typedefs and name not in seen:
            seen.add(name)
            toks = [t for t in TOKEN_RE.findall(self.typedefs[name][0]) if t not in ('enum', 'const')]
            if len(toks) != 1:
                return None
            name = toks[0]
        return self.enums.get(name)


def preprocess(headers, include_dirs, compiler, extra_flags=()):
    """Preprocessed text (with #defines and line markers) of a file that includes each header."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, 'scan.cpp')
        with open(src, 'w') as f:
            for h in headers:
                f.write('#include <%s>\n' % h)
        cmd = [compiler]
        if os.path.basename(compiler).startswith('nvcc'):
            cmd += ['-x', 'cu', '-E', '-Xcompiler', '-dD']
        else:
            cmd += ['-x', 'c++', '-E', '-dD']
        for d in include_dirs:
            cmd += ['-I', d]
        cmd += list(extra_flags) + [src]
        res = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
        if res.returncode != 0:
            raise RuntimeError('preprocessing %s with %s failed:\n%s' % (' '.join(headers), compiler, res.stderr[-3000:]))
        return res.stdout


def _strip_attributes(toks):
    """Drops __attribute__((...)), __declspec(...), and storage words that do not change a prototype's type."""
    out, i = [], 0
    while i < len(toks):
        t = toks[i]
        if t == '[' and i + 1 < len(toks) and toks[i + 1] == '[':  # [[deprecated("...")]]
            depth = 0
            while i < len(toks):
                depth += toks[i] == '['
                depth -= toks[i] == ']'
                i += 1
                if depth == 0:
                    break
            continue
        if t in ('__attribute__', '__declspec', '__asm__', '__asm', 'alignas', '__alignof__') and i + 1 < len(toks) \
                and toks[i + 1] == '(':
            depth, i = 0, i + 1
            while i < len(toks):
                depth += toks[i] == '('
                depth -= toks[i] == ')'
                i += 1
                if depth == 0:
                    break
            continue
        if t in ('extern', 'static', 'inline', '__inline__', '__inline', '__host__', '__device__', '__forceinline__',
                 '__extension__', '__restrict__', '__restrict', 'restrict', '__noinline__', '[[', ']]'):
            i += 1
            continue
        out.append(t)
        i += 1
    return out


def split_top(toks, sep=','):
    """Splits a token list at separators outside brackets."""
    parts, cur, depth = [], [], 0
    for t in toks:
        if t in '([{<' and len(t) == 1:
            depth += 1 if t != '<' else 0
        if t in ')]}' and len(t) == 1:
            depth -= 1
        if t == sep and depth == 0:
            parts.append(cur)
            cur = []
        else:
            cur.append(t)
    if cur or parts:
        parts.append(cur)
    return parts


def join(toks):
    """Token list to text with C spacing good enough to re-read."""
    out = ''
    for t in toks:
        if out and (re.match(r'\w', t) and re.search(r'\w$', out)):
            out += ' '
        elif out and t == '*' and re.search(r'\w$', out):
            out += ' '
        elif out and re.match(r'\w', t) and out.endswith(('*', ',')):
            out += ' '
        out += t
    return out


def _value(toks, decls):
    """Evaluates an enumerator's initializer made of integers, earlier enumerators and C operators."""
    text = []
    for t in toks:
        if re.fullmatch(r'[A-Za-z_]\w*', t):
            if decls.values.get(t) is None:
                return None
            text.append(str(decls.values[t]))
        elif re.fullmatch(r'(0[xX][0-9a-fA-F]+|\d+)[uUlL]*', t):
            text.append(str(int(t.rstrip('uUlL'), 0)))
        elif t in ('+', '-', '*', '<<', '>>', '|', '&', '(', ')', '~', '<', '>'):
            text.append(t)
        else:
            return None
    try:
        return int(eval(''.join(text).replace('<<', ' << ').replace('>>', ' >> '), {'__builtins__': {}}))
    except Exception:
        return None


def _record_enum(decls, body, names, file):
    members = []
    nxt = 0
    for part in split_top(body):
        if part and re.fullmatch(r'[A-Za-z_]\w*', part[0]):
            members.append(part[0])
            if len(part) > 2 and part[1] == '=':
                nxt = _value(part[2:], decls)
            decls.values[part[0]] = nxt
            nxt = nxt + 1 if nxt is not None else None
    enum_id = names[0] if names else '<anon>%d' % len(decls.enum_members)
    decls.enum_members[enum_id] = members
    for n in names:
        decls.enums[n] = enum_id
        decls.files[n] = file
    for m in members:
        decls.enumerators[m] = enum_id
        decls.files[m] = file


def _statement(decls, toks, file):
    toks = _strip_attributes(toks)
    if not toks:
        return
    if toks[0] == 'template' or toks[0] == 'using' or toks[0] == 'namespace':
        return
    typedef = toks[0] == 'typedef'
    body_start = toks.index('{') if '{' in toks else -1
    if body_start >= 0:
        head, rest = toks[:body_start], toks[body_start:]
        depth, end = 0, 0
        for end, t in enumerate(rest):
            depth += t == '{'
            depth -= t == '}'
            if depth == 0:
                break
        body, after = rest[1:end], rest[end + 1:]
        kw = [t for t in head if t in ('enum', 'struct', 'union', 'class')]
        tag = head[-1] if head and re.fullmatch(r'[A-Za-z_]\w*', head[-1]) and head[-1] not in (
            'enum', 'struct', 'union', 'class') else None
        names = [p[-1] for p in split_top(after) if p and re.fullmatch(r'[A-Za-z_]\w*', p[-1])] if typedef else []
        if kw and kw[0] == 'enum':
            if ':' in head:  # enum class X : int
                tag = head[head.index(':') - 1]
            _record_enum(decls, body, ([n for n in names] + ([tag] if tag else [])), file)
        elif kw:
            if tag:
                decls.struct_tags[tag] = file
                decls.files.setdefault(tag, file)
            for n in names:
                decls.typedefs[n] = ('%s %s' % (kw[0], tag) if tag else '%s <anon>' % kw[0], file)
                decls.files[n] = file
        return
    if typedef:
        inner = toks[1:]
        # typedef RET (*NAME)(...); or typedef A NAME;
        m = None
        for i in range(len(inner) - 2):
            if inner[i] == '(' and inner[i + 1] == '*' and re.fullmatch(r'[A-Za-z_]\w*', inner[i + 2]):
                m = inner[i + 2]
                break
        if inner and inner[0] in ('struct', 'union') and len(inner) > 2 and re.fullmatch(r'[A-Za-z_]\w*', inner[1]):
            decls.struct_tags.setdefault(inner[1], file)
            decls.files.setdefault(inner[1], file)
        while not m and len(inner) > 3 and inner[-1] == ']':  # typedef unsigned int X[32];
            inner = inner[:len(inner) - 1 - inner[::-1].index('[')]
        name = m or inner[-1]
        if re.fullmatch(r'[A-Za-z_]\w*', name):
            text = join(inner) if m else join(inner[:-1])
            decls.typedefs[name] = (text, file)
            decls.files[name] = file
            if inner and inner[0] == 'enum' and len(inner) == 3:  # typedef enum tag name;
                if inner[1] in decls.enums:
                    decls.enums[name] = decls.enums[inner[1]]
        return
    # A prototype: RET NAME ( PARAMS ) ;
    if toks[-1] == ')' and '(' in toks:
        depth, open_at = 0, -1
        for i in range(len(toks) - 1, -1, -1):
            depth += toks[i] == ')'
            depth -= toks[i] == '('
            if depth == 0:
                open_at = i
                break
        if open_at < 2 or not re.fullmatch(r'[A-Za-z_]\w*', toks[open_at - 1]):
            return
        name = toks[open_at - 1]
        ret = toks[:open_at - 1]
        if any(t in ('operator', '::', '<', '>', '=') for t in ret + [name]):
            return
        params = split_top(toks[open_at + 1:-1])
        if len(params) == 1 and params[0] in ([], ['void']):
            params = []
        decls.functions[name] = (join(ret), [join(p) for p in params], file)
        decls.files[name] = file


def parse(text):
    """Parses preprocessor output into a Decls."""
    decls = Decls()
    file = ''
    code = []  # (token, file)
    for line in text.split('\n'):
        if line.startswith('#'):
            m = LINEMARK_RE.match(line)
            if m:
                file = m.group(2)
                continue
            m = DEFINE_RE.match(line)
            if m:
                if m.group(2):
                    decls.function_macros.add(m.group(1))
                    decls.defines.pop(m.group(1), None)
                else:
                    decls.defines[m.group(1)] = m.group(3)
                decls.files.setdefault(m.group(1), file)
            continue
        for t in TOKEN_RE.findall(line):
            code.append((t, file))
    # Walk statements at file scope; extern "C" { } and namespace bodies are entered, function bodies skipped.
    i, n = 0, len(code)
    stmt, stmt_file, depth = [], '', 0
    while i < n:
        t, f = code[i]
        if not stmt:
            stmt_file = f
        if t == 'extern' and i + 2 < n and code[i + 1][0] == '"C"' and code[i + 2][0] == '{':
            i += 3
            continue
        if t == 'extern' and i + 1 < n and code[i + 1][0] == '"C"':
            i += 2
            continue
        if t == '}' and depth == 0:  # end of an extern "C" block
            i += 1
            stmt = []
            continue
        if t == '{' and depth == 0 and stmt and (stmt[-1] in (')', 'const', 'noexcept', 'throw') or stmt[0] in (
                'namespace', 'template', 'class') or 'operator' in stmt or (
                stmt[0] in ('struct', 'union') and 'typedef' not in stmt)):
            # A function body, a namespace, a template or a plain struct definition: skip it whole.
            if stmt[0] in ('struct', 'union', 'class') and len(stmt) >= 2 and re.fullmatch(r'[A-Za-z_]\w*', stmt[1]):
                decls.struct_tags[stmt[1]] = stmt_file
                decls.files.setdefault(stmt[1], stmt_file)
            if stmt[-1] == ')' and stmt[0] not in ('namespace', 'template', 'class', 'struct', 'union'):
                probe = Decls()
                _statement(probe, stmt + [';'][:0], stmt_file)
                device = '__device__' in stmt or 'device' in stmt  # nvcc -E spells it __attribute__((device))
                for name, proto in probe.functions.items():
                    decls.definitions.setdefault(name, []).append(proto + (device,))
                    decls.files.setdefault(name, stmt_file)
            d = 0
            while i < n:
                d += code[i][0] == '{'
                d -= code[i][0] == '}'
                i += 1
                if d == 0:
                    break
            if i < n and code[i][0] == ';':
                i += 1
            stmt = []
            continue
        if t in ('{', '('):
            depth += 1
        elif t in ('}', ')'):
            depth -= 1
        if t == ';' and depth == 0:
            _statement(decls, stmt, stmt_file)
            stmt = []
        else:
            stmt.append(t)
        i += 1
    return decls


def scan(headers, include_dirs, compiler='g++', extra_flags=()):
    return parse(preprocess(headers, include_dirs, compiler, extra_flags))
