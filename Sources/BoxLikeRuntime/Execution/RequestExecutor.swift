/// Sends described requests: the one entry point generated code calls.
///
/// The executor owns everything between a description and a successful response:
/// building the URL from the configured base URLs, authentication, retries, error
/// mapping, logging, metrics and tracing. A non-2xx answer never reaches the caller as a
/// response; it is thrown as an ``APIError``.
public protocol RequestExecutor: Sendable {
    /// Sends the request and returns its successful response.
    func execute(_ request: RequestDescription) async throws -> APIResponse
}
