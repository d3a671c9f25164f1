import Foundation
import HTTPTypes
import Hummingbird

/// Wraps the handler of an operation Box serves only in API version 2025.0: a request without
/// `box-version: 2025.0` gets Box's `400 invalid_api_version` before the handler runs.
func requireBoxVersion2025(_ handler: @escaping APIHandler) -> APIHandler {
    { request, context, principal in
        let values = HTTPField.Name("box-version").map { request.headers[values: $0] } ?? []
        let problem: String?
        switch values.count {
        case 0: problem = "Missing required box-version header. Supported API versions: [2025.0]."
        case 1 where values[0].trimmingCharacters(in: .whitespaces).isEmpty:
            problem = "Invalid (empty) API version specified in 'box-version' header."
        case 1 where values[0].contains(","):
            problem = "The 'box-version' header supports only one header value per request, do not use comas."
        case 1 where values[0].trimmingCharacters(in: .whitespaces) != "2025.0":
            problem = "Invalid API version specified in 'box-version' header. Supported API versions: [2025.0]."
        case 1: problem = nil
        default: problem = "The 'box-version' header supports only one header value per request, do not use comas."
        }
        if let problem { throw ServerErrorResponse.badRequest(problem, code: "invalid_api_version") }
        return try await handler(request, context, principal)
    }
}
