/// The server answered with an error status: status, API code and message, request id,
/// and the request with secrets removed. See `APIError` in the runtime.
public typealias BoxAPIError = APIError

/// The request got no HTTP answer (refused, timed out, connection lost). See `NetworkError` in the runtime.
public typealias BoxNetworkError = NetworkError

/// A failure inside the SDK: bad input, an unusable response, a checksum mismatch, an
/// authentication strategy that cannot do what was asked. See `SDKError` in the runtime.
public typealias BoxSDKError = SDKError
