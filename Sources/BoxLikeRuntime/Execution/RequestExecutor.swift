/// Sends described requests: the one entry point generated code calls.
///
/// The executor owns everything between a description and a successful response:
/// building the URL from the configured base URLs, authentication, retries, error
/// mapping, logging, metrics and tracing. A non-2xx answer never reaches the caller as a
/// response; it is thrown as an ``BoxAPIError``.
package protocol RequestExecutor: Sendable {
    /// Sends the request and returns its successful response.
    func execute(_ request: RequestDescription) async throws -> APIResponse
    /// How callers that wait or measure time around their requests (the event stream's
    /// backoff and realtime leases) tell time: the pipeline's own clock, so one injected
    /// clock drives them all.
    var clock: ExecutorClock { get }
}

extension RequestExecutor {
    /// The system's clock, for executors without one of their own.
    package var clock: ExecutorClock { .system }

    /// Sends `request` and decodes its JSON body as `T`: the response kind is stated here,
    /// once, by what the caller asks for.
    package func json<T: Decodable>(_ request: RequestDescription, as type: T.Type) async throws -> T {
        var request = request
        request.responseKind = .json
        return try await execute(request).decode(T.self)
    }

    /// Sends `request` and decodes its JSON body as `T`, or returns `nil` for a `204 No Content`
    /// answer: for operations that answer either (Box's collaboration update answers `204`
    /// when it transferred ownership).
    package func jsonIfPresent<T: Decodable>(_ request: RequestDescription, as type: T.Type) async throws -> T? {
        var request = request
        request.responseKind = .json
        let response = try await execute(request)
        if response.status == .noContent { return nil }
        return try response.decode(T.self)
    }

    /// Sends `request` and hands over its body as it arrives.
    package func stream(_ request: RequestDescription) async throws -> ByteStream {
        var request = request
        request.responseKind = .binary
        return try await execute(request).byteStream()
    }

    /// Sends `request` and returns the URL its redirect names, without following it.
    ///
    /// - Throws: ``BoxSDKError`` of kind ``BoxSDKError/Kind/invalidResponse`` when the server
    ///   answered without a redirect.
    package func location(_ request: RequestDescription) async throws -> String {
        var request = request
        request.responseKind = .location
        let response = try await execute(request)
        guard (300..<400).contains(response.status.code), let location = response.headerFields[.location] else {
            throw BoxSDKError(.invalidResponse,
                              "The \(request.operationId) response did not redirect to a location (status \(response.status.code)).")
        }
        return location
    }

    /// Sends `request` and discards its body.
    package func send(_ request: RequestDescription) async throws {
        var request = request
        request.responseKind = .none
        _ = try await execute(request)
    }
}
