/// Hands out names that are unique within one scope (the module's types, a struct's
/// members), adding a suffix when a name is taken.
struct NameRegistry {
    private var taken: Set<String>

    init(reserved: some Sequence<String> = []) {
        taken = Set(reserved.map(Self.key))
    }

    /// Whether a name is free. Compared case-insensitively, because generated file names
    /// follow type names and some file systems ignore case.
    func isFree(_ name: String) -> Bool {
        !taken.contains(Self.key(name))
    }

    /// Claims `name`, or the first of `alternatives` that is free, or `name` with a number.
    mutating func claim(_ name: String, alternatives: [String] = []) -> String {
        if taken.insert(Self.key(name)).inserted { return name }
        for candidate in alternatives where taken.insert(Self.key(candidate)).inserted {
            return candidate
        }
        let base = Naming.unescaped(name)
        var counter = 2
        while !isFree("\(base)\(counter)") {
            counter += 1
        }
        let result = "\(base)\(counter)"
        taken.insert(result.lowercased())
        return result
    }

    /// How a name is compared.
    private static func key(_ name: String) -> String {
        Naming.unescaped(name).lowercased()
    }

    /// Reserves a name without checking.
    mutating func reserve(_ name: String) {
        taken.insert(Self.key(name))
    }
}
