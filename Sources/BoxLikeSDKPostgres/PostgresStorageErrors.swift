import BoxLikeSDK
import PostgresNIO

/// Turns PostgreSQL failures into ``TokenStorageError``s a caller can act on.
///
/// Only the SQLSTATE and the server's message are kept: queries bind tokens as parameters,
/// and the error never quotes parameters, so no secret reaches the description.
enum PostgresStorageErrors {
    static func map(_ error: any Error, lockTimeout: Duration? = nil, resource: String = "") -> any Error {
        if error is TokenStorageError || error is CancellationError { return error }
        guard let error = error as? PSQLError else { return error }
        if let state = error.serverInfo?[.sqlState] {
            if state == "55P03", let lockTimeout {
                let parts = lockTimeout.components
                return TokenStorageError.lockTimeout(
                    resource: resource, seconds: Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
            }
            let message = error.serverInfo?[.message] ?? "no message"
            return TokenStorageError.database(detail: "SQLSTATE \(state): \(message)")
        }
        return TokenStorageError.database(detail: "\(error.code)")
    }
}
