import BoxLikeJSON
import Foundation

/// A file's representations, as `GET /files/{id}?fields=representations` lists them for the
/// kinds an `X-Rep-Hints` header asks for (`[png?dimensions=320x320][extracted_text]`): PNG
/// images of the sizes Box makes (a square coloured from the file's SHA-1, like thumbnails)
/// and the text of a text file; any other kind is listed with the state `none`.
extension ServerState {
    /// The PNG sizes offered, as Box names them.
    static let representationDimensions: Set<String> = ["32x32", "94x94", "160x160", "320x320", "1024x1024"]

    /// One kind a hint asks for: `png` with its properties, `extracted_text`, ...
    struct RepresentationHint: Sendable, Equatable {
        var kind: String
        var properties: [String: String]

        /// The hints of an `X-Rep-Hints` header, in order; malformed parts are skipped.
        static func parse(_ header: String) -> [RepresentationHint] {
            header.split(separator: "[").compactMap { part -> RepresentationHint? in
                guard let end = part.firstIndex(of: "]") else { return nil }
                let body = part[..<end]
                let pieces = body.split(separator: "?", maxSplits: 1)
                guard let kind = pieces.first.map(String.init), !kind.isEmpty else { return nil }
                let properties = pieces.count > 1 ? FormData.dictionary(String(pieces[1])) : [:]
                return RepresentationHint(kind: kind, properties: properties)
            }
        }
    }

    /// A file's representations for `hints`, registering each ready one so its content URL
    /// (which needs no token, as Box's do) can serve it.
    func representations(of fileId: String, hints: [RepresentationHint], principal: Principal) throws -> [RepresentationView] {
        let item = try file(fileId, for: principal, to: .preview)
        guard let file = item.file else { throw ServerErrorResponse.notFound("file") }
        let version = file.currentVersion
        var entries: [RepresentationView] = []
        for hint in hints {
            var properties = hint.properties
            let content: [UInt8]?
            switch hint.kind {
            case "png":
                let dimensions = hint.properties["dimensions"] ?? "320x320"
                properties["dimensions"] = dimensions
                if Self.representationDimensions.contains(dimensions), let side = Int(dimensions.split(separator: "x")[0]) {
                    content = Self.image(of: version, size: side)
                } else {
                    content = nil
                }
            case "extracted_text":
                content = version.content.smallText().map { Array($0.utf8) }
            default:
                content = nil
            }
            var urlTemplate: String?
            if let content {
                let token = TokenRegistry.randomToken(length: 24).lowercased()
                self[area: RepresentationsState.self].contentByToken[token] = (
                    hint.kind == "png" ? "image/png" : "text/plain; charset=utf-8", content)
                urlTemplate = "\(origin)/representations/\(token)/content/{+asset_path}"
            }
            entries.append(RepresentationView(kind: hint.kind, properties: properties, urlTemplate: urlTemplate))
        }
        return entries
    }

    /// A ready representation's content type and bytes, by the token of its URL.
    func representationContent(token: String) -> (contentType: String, bytes: [UInt8])? {
        self[area: RepresentationsState.self].contentByToken[token]
    }
}

/// One representation of a file: its kind, its properties and, when ready, its content URL template.
struct RepresentationView: Sendable {
    var kind: String
    var properties: [String: String]
    var urlTemplate: String?
}

/// The representations made so far, by the token of their content URL.
struct RepresentationsState: AreaState {
    var contentByToken: [String: (contentType: String, bytes: [UInt8])] = [:]
}
