import Crypto
import Foundation

/// SHA-1 digests in the forms the API uses: hex for `Content-MD5` and file `sha1` fields,
/// base64 for `Digest: sha=` headers.
public struct ContentDigest: Sendable, Hashable, CustomStringConvertible {
    /// The 20 digest bytes.
    public let bytes: [UInt8]

    /// Creates a digest from its bytes.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Lowercase hex, as in `Content-MD5` and the file's `sha1` field.
    public var hex: String {
        bytes.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// Base64, as in `Digest: sha=<base64>`.
    public var base64: String { Data(bytes).base64EncodedString() }

    /// The `Digest` header value: `sha=<base64>`.
    public var digestHeader: String { "sha=\(base64)" }

    /// The hex form.
    public var description: String { hex }

    /// Reads a digest from a `Digest` header (`sha=<base64>`, possibly among others), a hex
    /// string or a bare base64 string; `nil` when none is recognised.
    public static func parse(_ text: String) -> ContentDigest? {
        for item in text.split(separator: ",") {
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            if trimmed.lowercased().hasPrefix("sha=") {
                if let data = Data(base64Encoded: String(trimmed.dropFirst(4))), data.count == 20 {
                    return ContentDigest(bytes: Array(data))
                }
            }
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count == 40, let bytes = hexBytes(trimmed) {
            return ContentDigest(bytes: bytes)
        }
        if let data = Data(base64Encoded: trimmed), data.count == 20 {
            return ContentDigest(bytes: Array(data))
        }
        return nil
    }

    private static func hexBytes(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count / 2)
        var high: UInt8?
        for character in text.utf8 {
            let value: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = character - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let pending = high {
                bytes.append(pending << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        return high == nil ? bytes : nil
    }
}

/// Computes a SHA-1 incrementally.
struct SHA1Hasher {
    private var hasher = Insecure.SHA1()

    mutating func update(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { hasher.update(bufferPointer: $0) }
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        hasher.update(bufferPointer: bytes)
    }

    func finalize() -> ContentDigest {
        ContentDigest(bytes: Array(hasher.finalize()))
    }

    /// The digest of a source's bytes, streamed.
    static func digest(of source: ByteSource) async throws -> ContentDigest {
        var hasher = SHA1Hasher()
        for try await chunk in ByteStream(try source.makeStream()) {
            hasher.update(chunk)
        }
        return hasher.finalize()
    }
}
