#!/usr/bin/env python3
# regression-classify.py: sorts the translation units of one regression-set project into compiled, failed
# with a diagnostic, and failed silently. It does not port or compile anything (regression-set.sh does).
#
# usage: regression-classify.py SRC OUT [INCDIR...]
#        regression-classify.py --key SALT PORT UNIT [INCDIR...]   (the compile-cache key of regression-set.sh)
#   SRC: the project's untranslated tree (the root hipify-c was given); OUT: the project's output
#   directory of regression-set.sh (units.txt, logs/UNIT.ok|.fail|.txt, stats.json); INCDIR: the
#   project's include directories, relative to SRC.
# A failing unit counts as "failed with a diagnostic" when hipify-c's JSON report holds at least one
# warning or error (severity only: ids differ between versions) on the unit itself or on a file of the
# project that it includes, directly or through other project files. Writes OUT/classes.txt (one line
# per unit: class, unit, the first hipcc error, the diagnostics that count, and what explains the error)
# and prints one summary line.
# A failing unit with a diagnostic also counts as "explained" when a diagnostic is tied to its first hipcc
# error: one on the same source line (port lines mapped back to the original through a line diff), or one
# about a name the error quotes ('hipblas/hipblas.h' file not found; undeclared identifier
# 'cuGetErrorString'). That is stricter than "with a diagnostic", which a warning anywhere in an included
# helper header satisfies. A failure on a header this machine lacks, which the untranslated original
# misses as well (nvcc -E when nvcc is there), is counted apart: it is no failure of the port.
import difflib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]', re.M)


def read_text(path):
    try:
        with open(path, 'rb') as f:
            return f.read().decode('utf-8', 'replace')
    except OSError:
        return ''


def resolve(src, including, kind, name, incdirs):
    """The project file (relative to src) an include names, or None when it is outside the project."""
    dirs = [os.path.dirname(including)] if kind == '"' else []
    dirs += incdirs
    for d in dirs:
        cand = os.path.normpath(os.path.join(d, name))
        if not cand.startswith('..') and os.path.isfile(os.path.join(src, cand)):
            return cand
    return None


def closure(src, unit, incdirs, edges=None):
    """The unit and every project file it includes, transitively (a textual scan: conditions ignored).
    edges, when given, receives every include with the project file it resolved to (or None)."""
    seen, todo = set(), [unit]
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        for kind, name in INCLUDE.findall(read_text(os.path.join(src, f))):
            r = resolve(src, f, kind, name, incdirs)
            if edges is not None:
                edges.add((f, kind + name, r or ''))
            if r is not None and r not in seen:
                todo.append(r)
    return seen


def first_error(log):
    for line in read_text(log).splitlines():
        if 'error:' in line:
            return line.strip()
    return '(no error line)'


ERROR_AT = re.compile(r'^(.*?):(\d+):(?:\d+:)?\s*(?:fatal )?error:\s*(.*)$')


def port_to_source_line(src_text, port_text, port_line):
    """The line of the original that port line port_line (1-based) comes from, or None when the port
    inserted it. The port changes lines in place and inserts or drops whole include lines; where a
    changed block also gained or lost lines, each port line is paired with its most similar original."""
    a, b = src_text.splitlines(), port_text.splitlines()
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if not j1 < port_line <= j2:
            continue
        if tag == 'equal' or (tag == 'replace' and i2 - i1 == j2 - j1):
            return i1 + (port_line - j1)
        if tag == 'replace':
            target = b[port_line - 1]
            ratio, best = max((difflib.SequenceMatcher(None, a[i], target).ratio(), i) for i in range(i1, i2))
            return best + 1 if ratio >= 0.6 else None
        return None
    return None


# Diagnostics that say an #if takes another branch under HIP than under nvcc: an error anywhere in that
# #if ... #endif group is theirs (a CUDART_VERSION test whose #else branch never compiled under nvcc).
CONDITION_CODES = ('HC1080', 'HC1081')
# Diagnostics about a whole file, given once at its first place: a redefinition anywhere in that file is
# theirs (HC1126: the file declares CUDA's API itself).
FILE_CODES = ('HC1126',)
DIRECTIVE = re.compile(r'^\s*#\s*(if|ifdef|ifndef|endif)\b')


def group_end(text, line):
    """The line of the #endif that closes the #if group whose #if or #elif is at line (1-based), or line
    when none."""
    depth = 1  # the diagnostic's own line opens the group (an #if, or an #elif of one)
    for number, l in enumerate(text.splitlines()[line:], start=line + 1):
        m = DIRECTIVE.match(l)
        if not m:
            continue
        depth += 1 if m.group(1) != 'endif' else -1
        if depth == 0:
            return number
    return line


def explanation(src, port, log, found_diags):
    """The diagnostic that explains the unit's first hipcc error, as text, or '' when none does.
    found_diags: (project file, diagnostic) pairs of the unit's closure."""
    first = next((l for l in read_text(log).splitlines() if 'error:' in l), '')
    m = ERROR_AT.match(first.strip())
    if not m:
        return ''
    path, line, message = m.group(1), int(m.group(2)), m.group(3)
    quoted = set(re.findall(r"'([^']+)'", message))
    rel = os.path.relpath(os.path.normpath(path), os.path.normpath(port)) if os.path.isabs(path) else path
    src_line = None
    if not rel.startswith('..'):
        src_line = port_to_source_line(read_text(os.path.join(src, rel)), read_text(os.path.join(port, rel)), line)
    for f, d in found_diags:
        if src_line is not None and f == os.path.normpath(rel) and d.get('line') == src_line:
            return 'same line: %s:%s %s' % (f, src_line, d.get('code'))
        if (f == os.path.normpath(rel) and d.get('code') in FILE_CODES and 'redefinition' in message):
            return 'the file, by %s:%s %s' % (f, d.get('line'), d.get('code'))
        if (src_line is not None and f == os.path.normpath(rel) and d.get('code') in CONDITION_CODES and
                d.get('line') and d['line'] < src_line <= group_end(read_text(os.path.join(src, f)), d['line'])):
            return 'inside the #if of %s:%s %s' % (f, d['line'], d.get('code'))
        name = d.get('name') or ''
        if name and (name in quoted or name.split('::')[-1] in quoted):
            return 'names %s: %s:%s %s' % (d['name'], f, d.get('line'), d.get('code'))
    return ''


NOT_FOUND = re.compile(r"'([^']+)' file not found")


def original_fails_too(src, unit, incdirs, log):
    """When the unit's first error is a header the compiler cannot find, whether that is this machine's
    doing rather than the port's: the untranslated original misses the same header under nvcc -E
    (windows.h, vulkan/vulkan.h), or it includes the header itself and this machine's hipcc cannot find
    it even alone (omp.h, which clang takes from an OpenMP package). Without nvcc, that the original
    includes the header by the same name is taken as enough. Returns a reason, or ''."""
    first = next((l for l in read_text(log).splitlines() if 'error:' in l), '')
    m = NOT_FOUND.search(first)
    if not m:
        return ''
    header = m.group(1)
    nvcc = shutil.which('nvcc') or ('/usr/local/cuda/bin/nvcc' if os.path.exists('/usr/local/cuda/bin/nvcc') else None)
    if nvcc:
        flags = ['-I' + os.path.join(src, d) for d in incdirs + [os.path.dirname(unit)]]
        try:
            r = subprocess.run([nvcc, '-E', '-x', 'cu', '-o', os.devnull] + flags + [os.path.join(src, unit)],
                               capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired):
            return ''
        if r.returncode != 0 and header in r.stderr and 'No such file' in r.stderr:
            return 'the original misses %s under nvcc too' % header
    includes_it = any(name == header for f in closure(src, unit, incdirs + [os.path.dirname(unit)])
                      for _, name in INCLUDE.findall(read_text(os.path.join(src, f))))
    if not includes_it:
        return ''
    if not nvcc:
        return 'the original includes %s too (no nvcc to check)' % header
    # The original includes it and nvcc's host compiler has it; the HIP compiler of this machine does not
    # (omp.h: clang's OpenMP headers come in another package): an #include of it alone fails as well.
    hipcc = shutil.which('hipcc')
    if hipcc:
        with tempfile.TemporaryDirectory() as tmp:
            probe = os.path.join(tmp, 'probe.hip')
            with open(probe, 'w') as f:
                f.write('#include <%s>\n' % header)
            try:
                r = subprocess.run([hipcc, '--offload-arch=gfx90a', '-E', '-x', 'hip', '-o', os.devnull, probe],
                                   capture_output=True, text=True, timeout=300)
            except (OSError, subprocess.TimeoutExpired):
                return ''
        if r.returncode != 0 and "'%s' file not found" % header in r.stderr:
            return 'hipcc here lacks %s, which the original includes as well' % header
    return ''


def compile_key(port, unit, incdirs, salt):
    """A hash of everything a unit's compile reads from the port: its path, the text of every project file
    it may include (conditions ignored, so a superset), which file each include resolves to (so that the
    include directories count only where they change a resolution), and a salt (the compiler's
    version). Two ports that give a unit the same key compile it the same way."""
    h = hashlib.sha256()
    h.update(('%s\0%s\0' % (unit, salt)).encode())
    edges = set()
    files = closure(port, unit, incdirs + [os.path.dirname(unit)], edges)
    for e in sorted(edges):
        h.update(('%s\0%s\0%s\0' % e).encode())
    for f in sorted(files):
        h.update(('%s\0' % f).encode())
        try:
            with open(os.path.join(port, f), 'rb') as fp:
                h.update(hashlib.sha256(fp.read()).digest())
        except OSError:
            h.update(b'missing')
    return h.hexdigest()


def main():
    if len(sys.argv) >= 5 and sys.argv[1] == '--key':  # --key SALT PORT UNIT [INCDIR...]
        print(compile_key(sys.argv[3], sys.argv[4], sys.argv[5:], sys.argv[2]))
        return
    if len(sys.argv) < 3:
        sys.exit('usage: regression-classify.py SRC OUT [INCDIR...]')
    src, out, incdirs = sys.argv[1], sys.argv[2], sys.argv[3:]
    try:
        with open(os.path.join(out, 'stats.json')) as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit('%s: no usable stats.json (%s)' % (out, e))
    diags = {}
    for entry in report.get('files', []):
        counted = [d for d in entry.get('diagnostics', []) if d.get('severity') in ('warning', 'error')]
        if counted:
            diags[os.path.normpath(entry['path'])] = counted
    with open(os.path.join(out, 'units.txt')) as f:
        units = [u.strip() for u in f if u.strip()]
    counts = {'compiled': 0, 'diagnosed': 0, 'silent': 0, 'explained': 0, 'environment': 0}
    lines = []
    for unit in units:
        log = os.path.join(out, 'logs', unit.replace('/', '_'))
        if os.path.exists(log + '.ok'):
            counts['compiled'] += 1
            lines.append('compiled\t%s' % unit)
            continue
        found, pairs = [], []
        # hipcc gets -I of the unit's own directory too (regression-set.sh).
        for f in sorted(closure(src, unit, incdirs + [os.path.dirname(unit)])):
            for d in diags.get(f, []):
                found.append('%s:%s %s %s' % (f, d.get('line'), d.get('code'), d.get('name') or ''))
                pairs.append((f, d))
        cls = 'diagnosed' if found else 'silent'
        counts[cls] += 1
        why = explanation(src, os.path.join(out, 'port'), log + '.txt', pairs) if found else ''
        env = '' if why else original_fails_too(src, unit, incdirs, log + '.txt')
        if why:
            counts['explained'] += 1
        elif env:
            counts['environment'] += 1
        lines.append('%s\t%s\t%s\t%s\t%s' % (cls, unit, first_error(log + '.txt'), ' | '.join(found[:6]),
                                              'explained by ' + why if why else 'not the port: ' + env if env
                                              else 'not explained'))
    with open(os.path.join(out, 'classes.txt'), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    print('%d compiled, %d failed with a diagnostic, %d failed silently (of %d); %d explained by the first error, '
          '%d where the original fails the same way' % (counts['compiled'], counts['diagnosed'], counts['silent'],
                                                          len(units), counts['explained'], counts['environment']))


if __name__ == '__main__':
    main()
