import Foundation

/// Runtime-configurable fault injection for one server instance.
///
/// Rules are consulted in the order they were added; each fires for the next `count`
/// matching requests and is then spent.
public actor FaultInjector {
    struct Rule: Sendable {
        var id: UUID
        var fault: Fault
        var method: String?
        var path: PathPattern
        var remaining: Int
    }

    private var rules: [Rule] = []
    private var recorded: [FaultFiring] = []

    init() {}

    /// Applies `fault` to the next `count` requests matching `method` (any when `nil`) and `path`.
    /// - Returns: the rule's id, to find its firings.
    @discardableResult
    public func inject(_ fault: Fault, method: String? = nil, path: PathPattern = .any, count: Int = 1) -> UUID {
        let rule = Rule(id: UUID(), fault: fault, method: method?.uppercased(), path: path, remaining: max(1, count))
        rules.append(rule)
        return rule.id
    }

    /// Removes every pending rule (firings are kept).
    public func clear() {
        rules.removeAll()
    }

    /// Every fault applied so far, oldest first.
    public var firings: [FaultFiring] { recorded }

    /// The firings of one rule.
    public func firings(of ruleId: UUID) -> [FaultFiring] {
        recorded.filter { $0.ruleId == ruleId }
    }

    /// Rules not yet spent.
    public var pendingCount: Int { rules.count }

    func take(method: String, path: String) -> Fault? {
        guard let index = rules.firstIndex(where: { rule in
            (rule.method == nil || rule.method == method) && rule.path.matches(path)
        }) else { return nil }
        let rule = rules[index]
        rules[index].remaining -= 1
        if rules[index].remaining <= 0 { rules.remove(at: index) }
        recorded.append(FaultFiring(ruleId: rule.id, fault: rule.fault, method: method, path: path, date: Date()))
        return rule.fault
    }
}
