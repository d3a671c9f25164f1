import BoxLikeJSON
import Foundation

/// A file's representations, as `GET /files/{id}?fields=representations` lists them for the
/// kinds an `X-Rep-Hints` header asks for (`[png?dimensions=320x320][extracted_text]`): PNG
/// images of the sizes Box makes (a square coloured from the file's SHA-1, like thumbnails)
/// and the text of a text file; any other kind is listed with the state `none`.
///
/// Listing renders nothing: it registers what each ready representation is made from (the
/// file version, the kind and the size) under the token of its content URL, one token per
/// version and kind, so asking again adds nothing. The bytes are made when that URL is
/// fetched, outside the state actor, and are not kept.
extension RepresentationsState {
    /// The PNG sizes offered, as Box names them.
    static let representationDimensions: Set<String> = ["32x32", "94x94", "160x160", "320x320", "1024x1024"]

    /// One kind a hint asks for: `png` with its properties, `extracted_text`, ...
    struct RepresentationHint: Sendable, Equatable {
        var kind: String
        var properties: [String: String]

        /// The most distinct hints one request has honoured; later ones are ignored, so one
        /// header cannot ask for unbounded work.
        static let maximumPerRequest = 16

        /// The distinct hints of an `X-Rep-Hints` header, in order, at most
        /// ``maximumPerRequest``; malformed parts and repeats are skipped.
        static func parse(_ header: String) -> [RepresentationHint] {
            var hints: [RepresentationHint] = []
            for part in header.split(separator: "[") where hints.count < maximumPerRequest {
                guard let end = part.firstIndex(of: "]") else { continue }
                let body = part[..<end]
                let pieces = body.split(separator: "?", maxSplits: 1)
                guard let kind = pieces.first.map(String.init), !kind.isEmpty else { continue }
                let properties = pieces.count > 1 ? FormData.dictionary(String(pieces[1])) : [:]
                let hint = RepresentationHint(kind: kind, properties: properties)
                if !hints.contains(hint) { hints.append(hint) }
            }
            return hints
        }
    }

    /// A file's representations for `hints`, registering each ready one so its content URL
    /// (which needs no token, as Box's do) can serve it.
    mutating func representations(core: isolated ServerState, of fileId: String, hints: [RepresentationHint], principal: Principal) throws -> [RepresentationView] {
        let item = try core.file(fileId, for: principal, to: .preview)
        guard let file = item.file else { throw ServerErrorResponse.notFound("file") }
        let version = file.currentVersion
        var entries: [RepresentationView] = []
        for hint in hints {
            var properties = hint.properties
            let made: RepresentationSource.Made?
            switch hint.kind {
            case "png":
                let dimensions = hint.properties["dimensions"] ?? "320x320"
                properties["dimensions"] = dimensions
                if Self.representationDimensions.contains(dimensions), let side = Int(dimensions.split(separator: "x")[0]) {
                    made = .image(side: side)
                } else {
                    made = nil
                }
            case "extracted_text":
                made = RepresentationSource.hasText(version.content) ? .text : nil
            default:
                made = nil
            }
            var urlTemplate: String?
            if let made {
                let token = representationToken(core: core, for: RepresentationSource(fileId: item.id, versionId: version.id, made: made))
                urlTemplate = "\(core.origin)/representations/\(token)/content/{+asset_path}"
            }
            entries.append(RepresentationView(kind: hint.kind, properties: properties, urlTemplate: urlTemplate))
        }
        return entries
    }

    /// The token of `source`'s content URL: the one it already has, or a new one.
    private mutating func representationToken(core: isolated ServerState, for source: RepresentationSource) -> String {
        if let token = self.tokenBySource[source] { return token }
        let token = TokenRegistry.randomToken(length: 24).lowercased()
        self.tokenBySource[source] = token
        self.sourceByToken[token] = source
        return token
    }

    /// What a ready representation is made from, by the token of its URL: its version (whose
    /// content is a reference, not a copy) and how to make it, for the caller to render with
    /// ``RepresentationSource/render(from:)`` off the actor. `nil` once the version is gone.
    mutating func representationContent(core: isolated ServerState, token: String) -> (source: RepresentationSource, version: FileVersionRecord)? {
        guard let source = self.sourceByToken[token],
              let version = core.items[.file(source.fileId)]?.file?.version(source.versionId)?.record else { return nil }
        return (source, version)
    }
}

/// What one representation is made from: a file version and the kind made of it.
struct RepresentationSource: Sendable, Hashable {
    enum Made: Sendable, Hashable {
        /// A square PNG, `side` pixels wide.
        case image(side: Int)
        /// The version's text.
        case text
    }

    var fileId: String
    var versionId: String
    var made: Made

    /// The most text an `extracted_text` representation offers.
    static let textLimit = 1024 * 1024

    /// Whether `content` has text to offer: small and kept in memory.
    static func hasText(_ content: StoredContent) -> Bool {
        guard case .memory = content.storage else { return false }
        return content.size <= textLimit
    }

    /// The representation's content type and bytes, made from its `version`.
    func render(from version: FileVersionRecord) -> (contentType: String, bytes: [UInt8])? {
        switch made {
        case .image(let side):
            return ("image/png", ThumbnailsState.image(of: version, size: side))
        case .text:
            return version.content.smallText(limit: Self.textLimit).map { ("text/plain; charset=utf-8", Array($0.utf8)) }
        }
    }
}

/// One representation of a file: its kind, its properties and, when ready, its content URL template.
struct RepresentationView: Sendable {
    var kind: String
    var properties: [String: String]
    var urlTemplate: String?
}

/// The representations offered so far: what each is made from, by the token of its content
/// URL, and back. No bytes: they are made when fetched.
struct RepresentationsState: AreaState {
    var sourceByToken: [String: RepresentationSource] = [:]
    var tokenBySource: [RepresentationSource: String] = [:]
}
