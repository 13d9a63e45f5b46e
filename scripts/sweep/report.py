#!/usr/bin/env python3
# report.py: the sweep's table (sweep.sh report), from each project's steps.txt (port, build steps, hand
# edits) and device.sh's results.txt and logs. It judges nothing itself: a test passed when its command exited 0.
# Time: a test's wall time, or the 'sweep-time: SECONDS' line its command printed (a program that runs for a
# fixed time and reports its own timing); HIP/CUDA is the ratio of the sums over tests both sides passed.
# Output: a test whose command printed 'sweep-digest: X' (a digest of what the program printed) differs
# when both sides passed with different digests.
import argparse
import os
import re
import tarfile


def read_steps(path):
    steps = {}
    edits = None
    port = None
    if not os.path.exists(path):
        return steps, edits, port
    for line in open(path):
        f = line.split()
        if f[0] == 'port':
            port = f[1]
        elif f[0] == 'hand-edits':
            edits = int(f[1])
        elif len(f) == 3 and f[2].startswith('rc='):
            steps.setdefault(f[0], []).append((f[1], f[2] == 'rc=0'))
    return steps, edits, port


def read_results(folder):
    res = {}
    times = {}
    digests = {}
    if not folder:
        return res, times, digests
    rpath = os.path.join(folder, 'results.txt')
    if os.path.exists(rpath):
        for line in open(rpath):
            f = line.split()
            if len(f) == 5:
                res[(f[0], f[1], f[2])] = int(f[3])
                times[(f[0], f[1], f[2])] = float(f[4])
    lpath = os.path.join(folder, 'logs.tar.gz')
    if os.path.exists(lpath):
        with tarfile.open(lpath) as t:
            for m in t.getmembers():
                name = os.path.basename(m.name)
                parts = name[:-4].split('.', 2) if name.endswith('.log') else None
                if not parts or len(parts) != 3 or not m.isfile():
                    continue
                text = t.extractfile(m).read().decode('utf-8', 'replace')
                hit = re.findall(r'^sweep-time: ([0-9.eE+-]+)', text, re.M)
                if hit and tuple(parts) in times:
                    times[tuple(parts)] = float(hit[-1])
                dig = re.findall(r'^sweep-digest: (\S+)', text, re.M)
                if dig:
                    digests[tuple(parts)] = dig[-1]
    return res, times, digests


def cell(passed, ran, unbuilt):
    return '%d/%d' % (passed, ran) + (' (%d not built)' % unbuilt if unbuilt else '')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--work', required=True)
    ap.add_argument('--results', default='')
    ap.add_argument('names', nargs='+')
    a = ap.parse_args()
    res, times, digests = read_results(a.results)
    print('| project | hand edits | port | build steps CUDA | build steps HIP (NVIDIA) | gfx90a | tests CUDA | '
          'tests HIP | results differ | HIP/CUDA time |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
    for n in a.names:
        steps, edits, port = read_steps(os.path.join(a.work, n, 'steps.txt'))

        def frac(side):
            s = steps.get(side, [])
            return '%d/%d' % (sum(ok for _, ok in s), len(s)) if s else '-'
        tests = sorted({t for (p, _, t) in res if p == n})
        passed = {s: sum(1 for t in tests if res.get((n, s, t)) == 0) for s in ('cuda', 'hip')}
        ran = {s: sum(1 for t in tests if (n, s, t) in res) for s in ('cuda', 'hip')}
        # a side's program that was not built exits 127 (sh: not found): no result to compare
        ran_both = [t for t in tests if res.get((n, 'cuda', t)) not in (None, 127) and res.get((n, 'hip', t)) not in (None, 127)]
        differ = [t for t in ran_both if (res.get((n, 'cuda', t)) == 0) != (res.get((n, 'hip', t)) == 0)
                  or digests.get((n, 'cuda', t)) != digests.get((n, 'hip', t))]
        unbuilt = {s: sum(1 for t in tests if res.get((n, s, t)) == 127) for s in ('cuda', 'hip')}
        both = [t for t in tests if res.get((n, 'cuda', t)) == 0 and res.get((n, 'hip', t)) == 0]
        tc = sum(times[(n, 'cuda', t)] for t in both)
        th = sum(times[(n, 'hip', t)] for t in both)
        ratio = '%.2f' % (th / tc) if both and tc > 0 else '-'
        print('| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |' % (
            n, '-' if edits is None else edits, port or '-', frac('cuda'), frac('hip'), frac('amd'),
            cell(passed['cuda'], ran['cuda'], unbuilt['cuda']) if tests else '-',
            cell(passed['hip'], ran['hip'], unbuilt['hip']) if tests else '-',
            ('%d of %d' % (len(differ), len(ran_both)) + (' (' + ', '.join(differ[:4]) + ')' if differ else ''))
            if tests else '-', ratio))


if __name__ == '__main__':
    main()
