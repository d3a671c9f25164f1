import HTTPTypes

/// The HTTP method of a described request (re-exported from swift-http-types so generated
/// code needs no other import).
public typealias HTTPMethod = HTTPRequest.Method
