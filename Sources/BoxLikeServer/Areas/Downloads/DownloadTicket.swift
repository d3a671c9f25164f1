import Foundation

/// A short-lived capability to fetch one file version without a bearer token.
struct DownloadTicket: Sendable {
    var fileId: String
    var versionId: String
    var expiresAt: Date
}
