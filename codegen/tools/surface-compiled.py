#!/usr/bin/env python3
"""Asks the compiler how much of Box's Swift SDK's public surface a program finds in BoxLikeSDK.

    python3 codegen/tools/surface-compiled.py [--surface ../shared/box-swift/box-swift-sdk-surface.json]
        [--build .build] [--list] [--strict] [--allowed codegen/tools/surface-misses.txt]

`../shared/box-swift/surface.py` reads our sources as text, so it cannot see an initializer that a
type alias or an extension of another type provides, nor tell a defaulted label from a missing one.
This script writes one Swift file that names every type and calls every initializer and every
manager method with Box's labels in Box's order (`CopyFileHeaders(extraHeaders: value())`,
`manager.getFileById(fileId: value(), queryParams: value(), headers: value())`, where `value()`
stands for a value of the parameter's type), type-checks it against the built
`BoxLikeSDK` module (`swift build --product BoxLikeSDK` first; the search paths are the ones SwiftPM
used for the module, read from `.build/debug.yaml`) and counts the names the compiler
does not resolve. A call compiles when a declaration takes those labels in that order (more parameters
with defaults are allowed, as in Swift code written for Box's SDK); the file is never run.

`--allowed FILE` lists the misses that stay on purpose (one `kind: name` per line as `--list` prints
them; `#` starts a comment, which is where the reason goes); with `--strict` the script exits 1 when
a miss is not listed there, or a listed one is no longer missing.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
# Box's own helpers that a program does not name (surface.py leaves out the same ones).
INTERNAL = {'Utils', 'JsonUtils', 'SerializedData', 'Hash', 'ArrayInputStream', 'MemoryInputStream'}


def option(name, default):
    if name in sys.argv:
        return sys.argv[sys.argv.index(name) + 1]
    return default


def search_paths(build):
    """The -I and -Xcc arguments SwiftPM compiled BoxLikeSDK with, so its C dependencies resolve."""
    with open(os.path.join(build, 'debug.yaml'), encoding='utf-8') as f:
        text = f.read()
    match = re.search(r'"C\.BoxLikeSDK-[^"]*debug\.module":.*?\n    args: (\[.*?\])\n', text, re.S)
    if not match:
        sys.exit(f'surface-compiled: {build}/debug.yaml does not build BoxLikeSDK; run `swift build --product BoxLikeSDK`')
    args = json.loads(match.group(1))
    out = []
    for index, arg in enumerate(args[:-1]):
        if arg in ('-I', '-Xcc'):
            out += [arg, args[index + 1]]
    return out


def arguments(labels):
    """Call arguments with Box's labels, each a value of whatever type the parameter has."""
    return ', '.join('value()' if label == '_' else f'{label}: value()' for label in labels)


def checks(surface):
    """(kind, name, Swift statement) for each name a Box program may use."""
    out = []
    for name, kind in sorted(surface['types'].items()):
        if name in INTERNAL:
            continue
        statement = f'_ = (any BoxLikeSDK.{name}).self' if kind == 'protocol' else f'_ = BoxLikeSDK.{name}.self'
        out.append(('type', name, statement))
    for name, lists in sorted(surface['initializers'].items()):
        if name in INTERNAL:
            continue
        for labels in lists:
            full = ''.join(label + ':' for label in labels)
            out.append(('initializer', f'{name}({full})',
                        f'_ = {{ () in BoxLikeSDK.{name}({arguments(labels)}) }}'))
    for manager, methods in sorted(surface['managers'].items()):
        for method in methods:
            labels = [p['label'] for p in method['parameters']]
            full = ''.join(label + ':' for label in labels)
            out.append(('method', f"{manager}.{method['name']}({full})",
                        f"_ = {{ (manager: BoxLikeSDK.{manager}) async throws in "
                        f"_ = try await manager.{method['name']}({arguments(labels)}) }}"))
    for property_name, manager in sorted(surface['client']['managers'].items()):
        out.append(('client', f'{property_name}: {manager}',
                    f'_ = {{ (client: BoxLikeSDK.BoxClient) -> BoxLikeSDK.{manager} in client.{property_name} }}'))
    for name in surface['client']['with']:
        out.append(('client', f'BoxClient.{name}', f'_ = BoxLikeSDK.BoxClient.{name}'))
    return out


def main():
    surface_path = option('--surface', os.path.join(ROOT, '..', 'shared', 'box-swift', 'box-swift-sdk-surface.json'))
    flags = search_paths(option('--build', os.path.join(ROOT, '.build')))
    allowed_path = option('--allowed', None)
    with open(surface_path, encoding='utf-8') as f:
        surface = json.load(f)
    items = checks(surface)
    # Names are qualified by the module, so a name the standard library also declares (`Task`,
    # `Collection`) counts only when BoxLikeSDK declares it.
    lines = ['import BoxLikeSDK', '', 'func value<T>() -> T { preconditionFailure() }', '']
    line_of = {}
    for index, (_, _, statement) in enumerate(items):
        lines.append(f'func check{index}() {{')
        line_of[len(lines) + 1] = index
        lines.append(f'    {statement}')
        lines.append('}')
    with tempfile.TemporaryDirectory() as work:
        source = os.path.join(work, 'surface.swift')
        with open(source, 'w', encoding='utf-8') as f:
            f.write('\n'.join(lines) + '\n')
        result = subprocess.run(
            ['swiftc', '-typecheck', '-swift-version', '6'] + flags + [source],
            capture_output=True, text=True)
    missing = set()
    pattern = re.compile(r'surface\.swift:(\d+):\d+: error: (.*)')
    for line in result.stderr.splitlines():
        match = pattern.search(line)
        if not match:
            continue
        message = match.group(2)
        # The name exists; the compiler only wants context to pick an overload or a generic argument.
        if 'ambiguous' in message or 'could not be inferred' in message:
            continue
        index = line_of.get(int(match.group(1)))
        if index is None:
            sys.exit(f'surface-compiled: the compiler rejected the check itself:\n{result.stderr}')
        missing.add(index)
    counts = {}
    for index, (kind, _, _) in enumerate(items):
        total, found = counts.get(kind, (0, 0))
        counts[kind] = (total + 1, found + (index not in missing))
    titles = {'client': 'client managers and with-variants', 'type': 'public types',
              'initializer': 'initializers, same labels', 'method': 'manager methods, same labels'}
    for kind in ('client', 'method', 'type', 'initializer'):
        total, found = counts.get(kind, (0, 0))
        print(f'{titles[kind]}: {found} of {total} ({100 * found // max(total, 1)} %)')
    misses = [f'{items[i][0]}: {items[i][1]}' for i in sorted(missing)]
    if '--list' in sys.argv:
        for miss in misses:
            print(f'missing {miss}')
    if allowed_path:
        allowed = set()
        with open(allowed_path, encoding='utf-8') as f:
            for raw in f:
                entry = raw.split('#', 1)[0].strip()
                if entry:
                    allowed.add(entry)
        unexplained = [m for m in misses if m not in allowed]
        mended = sorted(allowed - set(misses))
        for miss in unexplained:
            print(f'not in {os.path.basename(allowed_path)}: {miss}')
        for entry in mended:
            print(f'listed in {os.path.basename(allowed_path)} but found: {entry}')
        print(f'misses with a reason: {len(misses) - len(unexplained)} of {len(misses)}')
        if '--strict' in sys.argv and (unexplained or mended):
            sys.exit(1)
    elif '--strict' in sys.argv and misses:
        sys.exit(1)


main()
