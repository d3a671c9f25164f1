import Foundation
import HTTPTypes
import Hummingbird

/// A version of Box's API that some operations are served in only (`x-box-version` in the
/// spec): Box answers them only when the request names that version in its `box-version`
/// header, and with `400 invalid_api_version` otherwise.
///
/// The version an operation needs comes from the operation table
/// (``ServerOperation/boxVersion``), and its route checks it after the operation gate and the
/// spec-driven validation (which leaves the header to this check, so the caller gets Box's own
/// error rather than a generic `bad_request`).
enum BoxVersion {
    /// The request header naming the version.
    static let headerName = "box-version"

    /// Every version Box has published: naming another one of them is "unsupported" for the
    /// operation, naming anything else is "invalid".
    static let publishedVersions: Set<String> = ["2024.0", "2025.0", "2026.0"]

    /// Refuses a request whose `box-version` header does not name exactly `version`, with the
    /// message Box gives for each way it can be wrong.
    static func check(_ headers: HTTPFields, servedIn version: String) throws {
        guard let name = HTTPField.Name(headerName) else { return }
        let values = headers[values: name]
        guard !values.isEmpty else { throw invalid("Missing required box-version header. Supported API versions: [\(version)].") }
        let given = values.joined(separator: ",").trimmingCharacters(in: .whitespaces)
        guard !given.isEmpty else { throw invalid("Invalid (empty) API version specified in 'box-version' header.") }
        guard values.count == 1, !given.contains(",") else {
            throw invalid("The 'box-version' header supports only one header value per request, do not use comas.")
        }
        guard given == version else {
            if publishedVersions.contains(given) {
                throw invalid("Unsupported API version specified in 'box-version' header. Supported API versions: [\(version)].")
            }
            throw invalid("Invalid API version specified in 'box-version' header. Supported API versions: [\(version)].")
        }
    }

    private static func invalid(_ message: String) -> ServerErrorResponse {
        ServerErrorResponse.badRequest(message, code: "invalid_api_version")
    }
}
