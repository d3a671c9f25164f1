import OpenAPIRuntime

/// Wraps byte-chunk sequences as transport bodies.
enum HTTPBodyFactory {
    static func make<S: AsyncSequence & Sendable>(_ sequence: S, length: Int64?) -> HTTPBody
    where S.Element == ArraySlice<UInt8> {
        HTTPBody(sequence, length: length.map { .known($0) } ?? .unknown, iterationBehavior: .single)
    }
}
