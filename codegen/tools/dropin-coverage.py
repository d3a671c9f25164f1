#!/usr/bin/env python3
"""Which of Box's Swift SDK's manager methods the drop-in tests call.

    python3 codegen/tools/dropin-coverage.py [../shared/box-swift/box-swift-sdk-surface.json] [--list] [--strict]

Reads the manager methods Box's Swift SDK has (its public names, from ../shared/box-swift) and
looks in Tests/BoxSdkGenDropInTests for a call of each as Box's code writes it:
`.<client property>.<method>(` (white space between them allowed).
Prints the count; --list names the methods no test calls; --strict exits 1 unless all are.
"""
import glob, json, os, re, sys

# Methods this SDK does not carry over, with the reason (codegen/README.md says more).
EXCLUDED = {
    'chunkedUploads.reducer': "an internal step of Box's chunked upload, not public here",
}

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    surface = args[0] if args else os.path.join(ROOT, '..', 'shared', 'box-swift', 'box-swift-sdk-surface.json')
    box = json.load(open(surface))
    text = ''
    for f in sorted(glob.glob(os.path.join(ROOT, 'Tests', 'BoxSdkGenDropInTests', '**', '*.swift'), recursive=True)):
        text += open(f, encoding='utf-8').read() + '\n'
    text = re.sub(r'\s+', ' ', text)
    total, missing = 0, []
    for prop, manager in box['client']['managers'].items():
        for method in box['managers'].get(manager, []):
            total += 1
            name = f'{prop}.{method["name"]}'
            if name in EXCLUDED:
                continue
            if not re.search(r'\.' + re.escape(prop) + r'\s*\.\s*' + re.escape(method['name']) + r'\s*\(', text):
                missing.append(name)
    print(f'manager methods the drop-in tests call: {total - len(EXCLUDED) - len(missing)} of {total}'
          f' ({len(EXCLUDED)} not carried over: {", ".join(sorted(EXCLUDED))})')
    if '--list' in sys.argv:
        for m in missing: print(f'not called: {m}')
    if '--strict' in sys.argv and missing: sys.exit(1)

main()
