/// What the caller expects in a successful response body, so the runtime knows whether to
/// read it whole (bounded) or hand it over as a stream.
package enum ResponseKind: Sendable, Hashable {
    /// A JSON document, read into memory up to the configured limit and decoded.
    case json
    /// Raw bytes, handed to the caller as a ``ByteStream`` without buffering.
    case binary
    /// No body of interest; anything sent is drained and discarded.
    case none
    /// The `Location` a redirect names, not followed: the answer is the redirect itself
    /// (a download's or a thumbnail's URL). A `2xx` answer without a redirect fails.
    case location
}
