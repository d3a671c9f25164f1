import BoxLikeJSON

/// Lists Box pages only by marker (`limit`, `next_marker`, `prev_marker`), even on the first
/// request, which carries no marker yet: the administration lists (barriers, storage
/// policies, integration mappings) answer that way.
enum MarkerPage {
    /// The page of already rendered `entries` the query asks for.
    static func of(_ entries: [JSONValue], query: [String: String]) throws -> JSONValue {
        try Paging(query: query, forceMarker: true).page(entries, render: { $0 })
    }
}
