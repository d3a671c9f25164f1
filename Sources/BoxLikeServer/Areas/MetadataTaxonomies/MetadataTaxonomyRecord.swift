/// A metadata taxonomy: a tree of named nodes in levels (country, then city, say), whose nodes
/// are the values a `taxonomy` field of a metadata template may hold.
struct MetadataTaxonomyRecord: Sendable {
    /// One level of the tree; levels are numbered from 1, the top.
    struct Level: Sendable {
        var displayName: String
        var description: String?
    }

    /// One node of the tree; a node of level `n > 1` has a parent of level `n - 1`.
    struct Node: Sendable {
        var id: String
        var displayName: String
        var level: Int
        var parentId: String?
    }

    var id: String
    /// `enterprise_<id>`.
    var namespace: String
    var key: String
    var displayName: String
    var levels: [Level] = []
    /// The nodes by id; `nodeOrder` keeps them in the order they were made.
    var nodes: [String: Node] = [:]
    var nodeOrder: [String] = []

    /// The node and its ancestors, the top first.
    func path(to nodeId: String) -> [Node] {
        var chain: [Node] = []
        var next: String? = nodeId
        while let id = next, let node = nodes[id], chain.count <= levels.count {
            chain.insert(node, at: 0)
            next = node.parentId
        }
        return chain
    }

    /// Whether `ancestorId` is a proper ancestor of `nodeId`.
    func isAncestor(_ ancestorId: String, of nodeId: String) -> Bool {
        path(to: nodeId).dropLast().contains { $0.id == ancestorId }
    }
}

/// The taxonomies of the enterprise, by id.
struct MetadataTaxonomiesState: AreaState {
    var taxonomies: [String: MetadataTaxonomyRecord] = [:]
}
