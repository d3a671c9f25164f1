import BoxLikeJSON
import HTTPTypes
import Hummingbird

/// Rejects requests the spec does not allow with a Box `400 bad_request` naming the problem.
///
/// A route hands it the operations it serves for the request (``RouteTable``), so the request
/// is never matched against the spec a second time. Where several operations share a method
/// and path (Box's `#fragment` keys, such as `PUT /files/{file_id}#update_shared_link` beside
/// `PUT /files/{file_id}`), a request valid for any of them passes. A valid JSON body is
/// parsed once here and handed on in the context.
struct OperationValidator: Sendable {
    let validator: RequestValidator
    let maximumJSONBodySize: Int

    /// Checks `request` against `operations` (the spec's operations by id; ones the spec does
    /// not describe, such as the server's own extensions, are not checked).
    func validate(_ request: inout Request, context: inout BoxLikeRequestContext, operations ids: [String]) async throws {
        let candidates = validator.catalog.operations(withIds: ids)
        guard !candidates.isEmpty else { return }
        let pathValues = context.pathValues
        let query = FormData.parse(request.uri.query ?? "")
        let headers = request.headers
        let parameterProblems = candidates.map { candidate in
            validator.parameterProblem(operation: candidate, pathValues: pathValues, query: query,
                                       header: { name in HTTPField.Name(name).flatMap { headers[$0] } })
        }
        let allowed = zip(candidates, parameterProblems).filter { $0.1 == nil }.map(\.0)
        guard let operation = allowed.first(where: { !$0.bodySchemas.isEmpty }) ?? allowed.first else {
            throw ServerErrorResponse.badRequest(parameterProblems.compactMap { $0 }.first ?? "invalid parameters")
        }
        guard !operation.bodySchemas.isEmpty else { return }
        let mediaType = (request.headers[.contentType] ?? "").split(separator: ";").first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let jsonSchemas = operation.bodySchemas.filter { $0.key.contains("json") }
        if jsonSchemas.isEmpty {
            if operation.bodyRequired, operation.bodySchemas.keys.contains("multipart/form-data"), mediaType != "multipart/form-data" {
                throw ServerErrorResponse.badRequest("request body must be multipart/form-data")
            }
            return
        }
        guard mediaType.isEmpty || mediaType.contains("json") else {
            throw ServerErrorResponse.badRequest("request body must be \(jsonSchemas.keys.sorted().joined(separator: " or "))")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maximumJSONBodySize)
        } catch {
            throw ServerErrorResponse(.contentTooLarge, code: "request_entity_too_large", message: "request body is too large")
        }
        if buffer.readableBytes == 0 {
            if operation.bodyRequired { throw ServerErrorResponse.badRequest("request body is required") }
            // An absent optional body is an empty object: a schema that requires members
            // still refuses it, naming the first one missing (unless another operation of the
            // route takes it).
            var problems: [String] = []
            for candidate in allowed {
                guard let found = candidate.bodySchemas.first(where: { $0.key.contains("json") }), let schema = found.value,
                      let problem = validator.bodyProblem(.object([:]), schema: schema) else {
                    problems = []
                    break
                }
                problems.append(problem)
            }
            if let problem = problems.first { throw ServerErrorResponse.badRequest(problem) }
            return
        }
        let body: JSONValue
        do {
            body = try JSONValue.parse(buffer.readableBytesView)
        } catch {
            throw ServerErrorResponse.badRequest("request body is not valid JSON")
        }
        var bodyProblems: [String] = []
        for candidate in allowed where !candidate.bodySchemas.isEmpty {
            let schemas = candidate.bodySchemas.filter { $0.key.contains("json") }
            let schema = (schemas[mediaType] ?? nil) ?? schemas.sorted { $0.key < $1.key }.first?.value ?? nil
            guard let schema, let problem = validator.bodyProblem(body, schema: schema) else {
                bodyProblems = []
                break
            }
            bodyProblems.append(problem)
        }
        if let problem = bodyProblems.first {
            throw ServerErrorResponse.badRequest(problem)
        }
        context.jsonBody = body
    }
}
