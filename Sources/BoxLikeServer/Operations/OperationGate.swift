/// The one place that decides whether a caller's token may call an operation at all, before
/// any handler runs: the token must carry one of the operation's scopes, and a token
/// restricted to one item may call only the operations that allow it. Both facts come from
/// the spec (``ServerOperation``); an operation that states no scopes, or a route that serves
/// no operation of the spec, refuses every token (deny by default).
///
/// Whether the caller may do this to *this object* is the ``AccessPolicy``'s question, asked
/// by the area once it knows the object.
enum OperationGate {
    /// Throws Box's `403` when `principal` may not call any of `operations` (the operations
    /// one route serves for this request: one, or the `#fragment` variants that share a
    /// method and path, which a token may call when it may call one of them).
    static func check(_ operations: [ServerOperation], principal: Principal) throws {
        let declared = operations.compactMap(\.requiredScopes)
        guard !declared.isEmpty else {
            throw ServerErrorResponse.insufficientScope("The operation is not open to any access token.")
        }
        if principal.restrictedTo != nil, !operations.contains(where: \.allowsRestrictedTokens) {
            throw ServerErrorResponse.forbidden("The access token is restricted to one item.")
        }
        if declared.contains(where: \.isEmpty) { return }
        // Nearly every route serves one operation: its set is used as it is.
        let accepted = declared.count == 1 ? declared[0] : declared.reduce(into: Set<String>()) { $0.formUnion($1) }
        try principal.require(anyOf: accepted)
    }
}
