"""Writes Sources/BoxLikeSDK/Compatibility/BoxSdkGenTypeNames.swift: the names Box's Swift SDK
(BoxSdkGen) gives types this SDK already has under another name, as type aliases.

Box's generator names a type after the property that declares it inline (`<Owner><Property>Field`)
and copies shared schemas for API 2025.0 / 2026.0 (`UserBaseV2025R0`); our spec names shared
schemas once (`CollaborationRole`, `UserBase`). An alias is written only when the type of that
very property (or the unversioned schema) is known here, so each alias names the same type.

    python3 ../shared/box-swift/surface.py Sources/BoxLikeSDK --list > /tmp/surface.txt
    python3 codegen/tools/box-type-aliases.py /tmp/surface.txt
"""
import re, glob, os, sys, json
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'Sources', 'BoxLikeSDK')
# our declared types and, per struct, property -> type
types = set()
props = {}
for f in glob.glob(root + '/**/*.swift', recursive=True):
    s = open(f).read()
    for m in re.finditer(r'public (?:final )?(?:class|struct|enum|protocol|typealias|actor) (\w+)', s):
        types.add(m.group(1))
    # struct bodies: naive — properties after a struct header until next top-level header
    headers = [(m.start(), m.group(1)) for m in re.finditer(r'^public (?:final )?(?:struct|class|enum) (\w+)', s, re.M)]
    # A property that may be sent as null is `Nullable<T>?`: its type is T.
    for m in re.finditer(r'^    public (?:var|let) (\w+): (?:Nullable<)?(\[?)([A-Za-z0-9_]+)(\]?)(\??)', s, re.M):
        owner = None
        for pos, name in headers:
            if pos < m.start(): owner = name
        if owner:
            props.setdefault(owner, {})[m.group(1).lower()] = (m.group(2), m.group(3))
missing = [l.split(': ',1)[1].strip() for l in open(sys.argv[1]) if l.startswith('missing types: ')]
aliases = {}
def resolve(name):
    if name in types: return name
    return aliases.get(name)
# Box names a path parameter's type after its operation (`GetFileMetadataByIdScope` for the
# `scope:` of `getFileMetadataById`); our spec shares one (`MetadataScope`).
builtin = {'String', 'Int', 'Int64', 'Bool', 'Double', 'Date', 'JSONValue'}
for f in glob.glob(os.path.join(root, 'Generated', 'Managers', '*.swift')):
    for m in re.finditer(r'public func (\w+)\(\n((?:        \w+: [^\n]+\n)+)    \)', open(f).read()):
        operation = m.group(1)
        # A request body that is an array names its items as the body
        # (`updateFileMetadataById(requestBody: [MetadataPatchOperation])` →
        # `UpdateFileMetadataByIdRequestBody`).
        for p in re.finditer(r'        (\w+): (\[?)(\w+)(\]?)(?:,|\n| =)', m.group(2)):
            label, typ = p.group(1), p.group(3)
            if (p.group(2) == '[') != (p.group(4) == ']') or (p.group(2) == '[' and label != 'requestBody'): continue
            name = operation[0].upper() + operation[1:] + label[0].upper() + label[1:]
            if name in missing and name not in aliases and typ in types and typ not in builtin and typ != name:
                aliases[name] = typ
changed = True
while changed:
    changed = False
    for name in missing:
        if name in aliases: continue
        for suffix in ('V2025R0', 'V2026R0'):
            if name.endswith(suffix) and resolve(name[:-len(suffix)]):
                aliases[name] = resolve(name[:-len(suffix)]); changed = True
        if name in aliases or not name.endswith('Field'): continue
        base = name[:-5]
        # split at capital boundaries: owner + Property
        for i in range(len(base) - 1, 0, -1):
            if not base[i].isupper(): continue
            owner, prop = base[:i], base[i:]
            target_owner = resolve(owner) or resolve(owner + 'Field')
            if not target_owner: continue
            p = props.get(target_owner, {}).get(prop.lower())
            if not p: continue
            arr, typ, _ = p[0], p[1], None
            if typ in ('String', 'Int', 'Int64', 'Bool', 'Double', 'Date', 'JSONValue'): continue
            if typ == name: continue
            if typ in types:
                aliases[name] = typ
                changed = True
            break
out = os.path.join(root, 'Compatibility', 'BoxSdkGenTypeNames.swift')
existing = {}
if os.path.exists(out):
    for m in re.finditer(r'public typealias (\w+) = (\w+)', open(out).read()):
        existing[m.group(1)] = m.group(2)
existing.update(aliases)
os.makedirs(os.path.dirname(out), exist_ok=True)
lines = ['// Written by codegen/tools/box-type-aliases.py; edit that script, not this file.', '',
         '// Box\'s Swift SDK (`BoxSdkGen`) names these types after the property that declares them,',
         '// or with its API version; this SDK names each shared type once. The aliases let code',
         '// written for Box\'s SDK build here unchanged.', '']
for name in sorted(existing):
    lines.append(f'/// Box\'s Swift SDK\'s name for ``{existing[name]}``.')
    lines.append(f'public typealias {name} = {existing[name]}')
    lines.append('')
open(out, 'w').write('\n'.join(lines).rstrip() + '\n')
print(f'{len(existing)} aliases written to {out}', file=sys.stderr)

# Box's managers can be made on their own: `FoldersManager(auth:networkSession:)`.
managers = sorted(set(m.group(1) for f in glob.glob(os.path.join(root, 'Generated', 'Managers', '*.swift'))
                      for m in re.finditer(r'^public struct (\w+Manager)\b', open(f).read(), re.M)))
lines = ['// Written by codegen/tools/box-type-aliases.py; edit that script, not this file.', '',
         '// Box\'s Swift SDK makes each manager on its own from an authentication and a network',
         '// session, as `BoxClient` makes them all; so can code written for it here.', '']
for name in managers:
    lines += [f'extension {name} {{',
              f'    /// A manager of its own, sending its requests with `auth` through `networkSession`, as',
              f'    /// ``BoxClient`` does.',
              f'    public init(auth: any Authentication, networkSession: NetworkSession = NetworkSession()) {{',
              f'        self.init(executor: networkSession.executor(auth: auth))',
              f'    }}', '}', '']
out = os.path.join(root, 'Compatibility', 'BoxSdkGenManagerInits.swift')
open(out, 'w').write('\n'.join(lines).rstrip() + '\n')
print(f'{len(managers)} manager initializers written to {out}', file=sys.stderr)
