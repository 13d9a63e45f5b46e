#!/usr/bin/env python3
# cub_names.py: lists the names CUB declares directly in namespace cub (its inline namespaces included), read
# from the preprocessed CUB headers, so that the layer's hipcub:: can name each one. It is not a C++ parser:
# declarations are told apart by their leading and trailing tokens, and names of nested scopes are not read.
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cuda_decls  # noqa: E402

IDENT = re.compile(r'[A-Za-z_]\w*$')
# Words that precede '(' without naming a declaration, or that cannot be a declared name.
NOT_NAMES = {'decltype', 'sizeof', 'alignof', 'noexcept', 'static_assert', 'alignas', '__attribute__', '__declspec',
             'typename', 'template', 'const', 'constexpr', 'volatile', 'static', 'inline', 'extern', 'auto', 'int',
             'unsigned', 'signed', 'char', 'short', 'long', 'float', 'double', 'bool', 'void', 'return', 'typedef',
             'explicit', 'requires', '__asm__', 'asm', 'throw', 'mutable', 'virtual', 'thread_local', '__restrict__',
             'struct', 'class', 'union', 'enum', 'using', 'namespace', 'operator', 'new', 'delete', 'this', 'true',
             'false', 'nullptr', 'default', 'final', 'override', '__forceinline__', '__inline__', '__noinline__'}
CLASS_KEYS = ('struct', 'class', 'union')


def preprocess(cuda_include, nvcc, headers=('cub/cub.cuh',)):
    """The host-side preprocessor output of a file that includes the headers (CUB's umbrella header)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, 'cub_names.cu')
        with open(src, 'w') as f:
            f.write(''.join('#include <%s>\n' % h for h in headers))
        res = subprocess.run([nvcc, '-x', 'cu', '-E', '-I', cuda_include, src], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, universal_newlines=True)
        if res.returncode != 0:
            raise RuntimeError('preprocessing %s with %s failed:\n%s' % (' '.join(headers), nvcc, res.stderr[-3000:]))
        return res.stdout


def tokens(text):
    """Tokens of the preprocessed text; line markers and pragmas are not code."""
    code = '\n'.join(line for line in text.splitlines() if not line.lstrip().startswith('#'))
    return cuda_decls.TOKEN_RE.findall(code)


def _skip_balanced(toks, i, open_t, close_t):
    """Index after the group that opens at toks[i]."""
    depth = 0
    while i < len(toks):
        depth += toks[i] == open_t
        depth -= toks[i] == close_t
        i += 1
        if depth == 0:
            break
    return i


def _strip(decl):
    """The declaration without attributes and template heads (template <...>, template <>)."""
    out, i = [], 0
    while i < len(decl):
        t = decl[i]
        if t == '[' and i + 1 < len(decl) and decl[i + 1] == '[':
            i = _skip_balanced(decl, i, '[', ']')
            continue
        if t in ('__attribute__', '__declspec', 'alignas') and i + 1 < len(decl) and decl[i + 1] == '(':
            i = _skip_balanced(decl, i + 1, '(', ')')
            continue
        if t == 'template' and i + 1 < len(decl) and decl[i + 1] == '<':
            # Angle brackets count only outside parentheses: (N > 0) inside a default argument closes nothing.
            depth, paren, i = 0, 0, i + 1
            while i < len(decl):
                u = decl[i]
                paren += u in ('(', '[', '{')
                paren -= u in (')', ']', '}')
                if paren == 0:
                    depth += u == '<'
                    depth -= (u == '>') + 2 * (u == '>>')
                i += 1
                if depth <= 0 and paren == 0:
                    break
            continue
        out.append(t)
        i += 1
    return out


def _after_class_key(d, k):
    """The name a class key at d[k] declares, or None for a qualified (foreign) or unnamed one."""
    j = k + 1
    while j < len(d) and d[j] in ('__attribute__', 'alignas', '['):
        j = _skip_balanced(d, j + 1, '(', ')') if d[j] != '[' else _skip_balanced(d, j, '[', ']')
    if j < len(d) and IDENT.match(d[j]) and d[j] not in NOT_NAMES and not (j + 1 < len(d) and d[j + 1] == '::'):
        return d[j]
    return None


def _function_or_variable(d):
    """('function', name) for a function declaration, ('variable', name) for a variable, or None."""
    if 'operator' in d:
        # operator==, operator(), operator<<: the symbol's tokens up to its parameter list; X::operator is a member's.
        k = d.index('operator')
        end = k + 3 if d[k + 1:k + 3] == ['(', ')'] else (d.index('(', k) if '(' in d[k:] else len(d))
        return ('function', 'operator' + ''.join(d[k + 1:end])) if k == 0 or d[k - 1] != '::' else None
    angle, paren = 0, 0
    for i, t in enumerate(d):
        if t == '(' and paren == 0 and angle == 0:
            prev = d[i - 1] if i else ''
            if IDENT.match(prev) and prev not in NOT_NAMES:
                return None if i >= 2 and d[i - 2] == '::' else ('function', prev)
        if t in ('(', '['):
            paren += 1
        elif t in (')', ']'):
            paren -= 1
        elif paren == 0 and t == '<' and i and IDENT.match(d[i - 1]):
            angle += 1
        elif paren == 0 and angle and t in ('>', '>>'):
            angle = max(0, angle - (1 if t == '>' else 2))
        elif paren == 0 and angle == 0 and t in ('=', '{'):
            prev = d[i - 1] if i else ''
            if IDENT.match(prev) and prev not in NOT_NAMES and not (i >= 2 and d[i - 2] == '::'):
                return ('variable', prev)
            return None
    last = d[-1] if d else ''
    if len(d) >= 2 and IDENT.match(last) and last not in NOT_NAMES and d[-2] != '::':
        return ('variable', last)
    return None


def declared(decl, body):
    """[(kind, name)] that one namespace-scope declaration introduces; body: the tokens inside its braces, if any."""
    d = _strip(decl)
    while d and d[0] in ('extern', 'inline', 'static', 'constexpr', 'friend', 'export'):
        if d[0] == 'extern' and len(d) > 1 and d[1] == 'template':
            return []  # extern template class X<...>: names nothing new
        d = d[1:]
    if not d or d[0] in ('static_assert', 'template', ';'):
        return []  # explicit instantiation or an assertion
    if d[0] == 'using':
        if len(d) > 1 and d[1] == 'namespace':
            return []
        if len(d) > 2 and IDENT.match(d[1]) and d[2] == '=':
            return [('alias', d[1])]
        rest = [t for t in d[1:] if t != 'typename']
        if 'operator' in rest:
            return [('using', 'operator' + ''.join(rest[rest.index('operator') + 1:]))]
        return [('using', rest[-1])] if rest and IDENT.match(rest[-1]) and rest[-1] not in NOT_NAMES else []
    if d[0] == 'typedef':
        for i in range(len(d) - 2):
            if d[i] == '(' and d[i + 1] == '*' and IDENT.match(d[i + 2]):
                return [('typedef', d[i + 2])]
        while d and d[-1] == ']':  # typedef unsigned int Words[4];
            d = d[:len(d) - 1 - d[::-1].index('[')]
        return [('typedef', d[-1])] if d and IDENT.match(d[-1]) and d[-1] not in NOT_NAMES else []
    if d[0] == 'enum':
        k = 1 + (len(d) > 1 and d[1] in CLASS_KEYS)
        out = []
        if k < len(d) and IDENT.match(d[k]) and d[k] not in NOT_NAMES and not (k + 1 < len(d) and d[k + 1] == '::'):
            out.append(('enum', d[k]))
        if k == 1 and body:
            # An unscoped enum's enumerators are names of the namespace too.
            # Items split at commas outside brackets; a '<' opens only after a name (Foo<A, B>), not in (1 > 0).
            item, depth, angle = [], 0, 0
            for t in body + [',']:
                depth += t in ('(', '[', '{')
                depth -= t in (')', ']', '}')
                if depth == 0 and t == '<' and item and IDENT.match(item[-1]):
                    angle += 1
                elif depth == 0 and angle and t == '>':
                    angle -= 1
                if t == ',' and depth == 0 and angle == 0:
                    if item and IDENT.match(item[0]):
                        out.append(('enumerator', item[0]))
                    item = []
                else:
                    item.append(t)
        return out
    if d[0] in CLASS_KEYS:
        name = _after_class_key(d, 0)
        # A struct's name, unless it opens a variable declaration that reuses an earlier struct (rare here).
        return [('class', name)] if name else []
    found = _function_or_variable(d)
    return [found] if found else []


def scan(toks, namespace='cub'):
    """{name: kind} of what the top-level `namespace` (with its inline namespaces) declares; nested namespaces are
    kind 'namespace'. Every other scope is skipped by balancing its braces."""
    names = {}
    stack = []  # one entry per open brace: ('ns', (names...), inline) or ('other',)
    decl = []
    paren = 0

    def in_cub():
        return bool(stack) and stack[0] == ('ns', (namespace,), False) and all(
            e[0] == 'ns' and e[2] for e in stack[1:])

    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        if t in ('(', '['):
            paren += 1
        elif t in (')', ']'):
            paren = max(0, paren - 1)
        if paren:
            decl.append(t)
            i += 1
            continue
        if t == ';':
            if in_cub():
                for kind, name in declared(decl, None):
                    names.setdefault(name, kind)
            decl = []
        elif t == '{':
            head = _strip(decl)
            inline = head[:2] == ['inline', 'namespace']
            if inline:
                head = head[1:]
            if head[:1] == ['namespace'] and all(IDENT.match(x) or x == '::' for x in head[1:]):
                parts = tuple(x for x in head[1:] if x != '::')
                if not parts:
                    stack.append(('other',))  # an unnamed namespace: its names are not the port's to name
                else:
                    if in_cub() and not inline:
                        names.setdefault(parts[0], 'namespace')
                    stack.append(('ns', parts, inline))
                decl = []
            elif head[:1] == ['extern'] and len(head) == 2 and head[1].startswith('"'):
                stack.append(('ns', (), True))  # extern "C" { ... }: its names are the enclosing namespace's
                decl = []
            else:
                j = _skip_balanced(toks, i, '{', '}')
                if in_cub():
                    for kind, name in declared(decl + ['{'], toks[i + 1:j - 1]):
                        names.setdefault(name, kind)
                # A definition ends at its brace unless a declarator or ';' follows (struct X {...};).
                decl = [] if ends_at_brace(decl) else decl + ['{', '}']
                i = j
                continue
        elif t == '}':
            if stack:
                stack.pop()
            decl = []
        else:
            decl.append(t)
        i += 1
    return names


def ends_at_brace(decl):
    """True when a declaration is complete at its closing brace: a function body, not a class, enum or
    brace-initialised variable, which end with ';'."""
    d = _strip(decl)
    if not d or any(t in CLASS_KEYS + ('enum',) for t in d[:3]):
        return not d
    top, depth = [], 0
    for t in d:
        depth += t in ('(', '[')
        depth -= t in (')', ']')
        if depth == 0 and t not in (')', ']'):
            top.append(t)
    return '=' not in top and ')' in d


def main():
    import argparse
    ap = argparse.ArgumentParser(description='list the names of namespace cub')
    ap.add_argument('--cuda-include', default='/usr/local/cuda/include')
    ap.add_argument('--nvcc', default='/usr/local/cuda/bin/nvcc')
    args = ap.parse_args()
    for name, kind in sorted(scan(tokens(preprocess(args.cuda_include, args.nvcc))).items()):
        print('%s\t%s' % (kind, name))
    return 0


if __name__ == '__main__':
    sys.exit(main())
