import BoxLikeJSON
import Hummingbird

/// What an operation's handler receives: the request and its context, the caller (whose token
/// the operation gate has checked against the operation's scopes), and the request's path,
/// query and header values by the spec's names. Validation against the spec has run before
/// the handler, so ``json()`` is the validated body.
struct OperationInput: Sendable {
    /// The request as it arrived (its body unread unless validation read it).
    let request: Request
    /// The request's context: its id, the path values, the validated JSON body.
    let context: BoxLikeRequestContext
    /// The authenticated caller.
    let principal: Principal

    /// A path parameter by the spec's name (`file_id`).
    func path(_ name: String) throws -> String {
        try context.pathParameter(name)
    }

    /// The query parameters by name (the last value of a repeated one).
    var query: [String: String] { request.query }

    /// A header's value by name, case-insensitively.
    func header(_ name: String) -> String? { request.header(name) }

    /// The same input with more path values: an operation on a literal path (a classification's)
    /// handed to the operation whose template has parameters there.
    func adding(pathValues: [String: String]) -> OperationInput {
        var context = context
        context.pathValues.merge(pathValues) { _, new in new }
        return OperationInput(request: request, context: context, principal: principal)
    }

    /// The JSON body: the one validation parsed, or parsed here; `{}` when there is none.
    func json() async throws -> JSONValue {
        try await context.json(request)
    }
}

/// What the handler of an operation served without a bearer token receives (OAuth 2.0's own
/// endpoints): the request and its context.
struct PublicOperationInput: Sendable {
    /// The request as it arrived.
    let request: Request
    /// The request's context.
    let context: BoxLikeRequestContext
}
