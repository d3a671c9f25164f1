/// Wraps the handler of an operation Box serves only in API version 2025.0: a request without
/// `box-version: 2025.0` gets Box's `400 invalid_api_version` (``BoxVersion/check(_:)``)
/// before the handler runs. Areas registering on ``APIRoutes/versioned(_:)`` get the same
/// check as a middleware.
func requireBoxVersion2025(_ handler: @escaping APIHandler) -> APIHandler {
    { request, context, principal in
        try BoxVersion.v2025_0.check(request.headers)
        return try await handler(request, context, principal)
    }
}
