import Foundation
@testable import BoxLikeServer

/// Builds `multipart/form-data` upload bodies the way Box clients send them.
enum Multipart {
    static let boundary = "BoxLikeTestBoundary7MA4YWxkTrZu0gW"

    static func upload(attributes: JSONValue?, file: [UInt8]?, fileFirst: Bool = false) -> [UInt8] {
        var parts: [[UInt8]] = []
        if let attributes {
            parts.append(Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"attributes\"\r\nContent-Type: application/json\r\n\r\n".utf8)
                + attributes.serialized() + Array("\r\n".utf8))
        }
        if let file {
            let part = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"upload.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
                + file + Array("\r\n".utf8)
            if fileFirst { parts.insert(part, at: 0) } else { parts.append(part) }
        }
        return parts.flatMap { $0 } + Array("--\(boundary)--\r\n".utf8)
    }

    static var contentType: String { "multipart/form-data; boundary=\(boundary)" }
}
