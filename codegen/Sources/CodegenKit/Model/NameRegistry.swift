/// Hands out names that are unique within one scope (the module's types, a struct's
/// members), adding a suffix when a name is taken.
struct NameRegistry {
    private var taken: Set<String>

    init(reserved: some Sequence<String> = []) {
        taken = Set(reserved.map { Naming.unescaped($0).lowercased() })
    }

    /// Whether a name is free. Compared case-insensitively, because generated file names
    /// follow type names and some file systems ignore case.
    func isFree(_ name: String) -> Bool {
        !taken.contains(Naming.unescaped(name).lowercased())
    }

    /// Claims `name`, or the first of `alternatives` that is free, or `name` with a number.
    mutating func claim(_ name: String, alternatives: [String] = []) -> String {
        for candidate in [name] + alternatives where isFree(candidate) {
            taken.insert(Naming.unescaped(candidate).lowercased())
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

    /// Reserves a name without checking.
    mutating func reserve(_ name: String) {
        taken.insert(Naming.unescaped(name).lowercased())
    }
}
