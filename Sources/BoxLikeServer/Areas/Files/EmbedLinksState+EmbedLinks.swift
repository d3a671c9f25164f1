import BoxLikeJSON
import Foundation

/// A file's expiring embed link (`fields=expiring_embed_link`): a preview page anyone with
/// the link may open, for a minute (our choice: Box's documentation gives no lifetime).
struct EmbedLinkRecord: Sendable {
    var fileId: String
    var expiresAt: Date
}

/// The embed links handed out, by the capability in their URL.
struct EmbedLinksState: AreaState {
    var links: [String: EmbedLinkRecord] = [:]
}

extension EmbedLinksState {
    /// Where embed links' pages are served; the capability follows.
    static let embedPagePrefix = "/preview/expiring_embed/"

    /// How long an embed link and the preview token beside it last.
    static let embedLinkLifetime: TimeInterval = 60

    /// A new embed link to the file for a caller who may preview it; `nil` for one who may not
    /// (Box then shows no link). Expired links are forgotten on the way.
    mutating func makeEmbedLink(core: isolated ServerState, fileId: String, principal: Principal) -> (url: String, record: EmbedLinkRecord)? {
        guard core.may(principal, .preview, .file(fileId)) else { return nil }
        let now = core.currentTime
        self.links = self.links.filter { $0.value.expiresAt > now }
        let capability = TokenRegistry.randomToken(length: 40)
        let record = EmbedLinkRecord(fileId: fileId, expiresAt: now.addingTimeInterval(Self.embedLinkLifetime))
        self.links[capability] = record
        return ("\(core.origin)\(Self.embedPagePrefix)\(capability)", record)
    }

    /// The file an embed link shows, while it lasts and the file is not in the trash.
    mutating func embeddedFile(core: isolated ServerState, capability: String) -> ItemRecord? {
        guard let match = self.links.first(where: { SecretComparison.equal($0.key, capability) }),
              match.value.expiresAt > core.currentTime, let file = core.items[.file(match.value.fileId)], !core.isInTrash(file.ref)
        else { return nil }
        return file
    }
}

/// The preview page an embed link opens.
enum EmbedPreviewPage {
    static func render(_ file: ItemRecord) -> String {
        let name = AuthorizePages.escape(file.name)
        let body: String
        if let text = file.file?.currentVersion.content.smallText() {
            body = "<pre id=\"content\">\(AuthorizePages.escape(text))</pre>"
        } else {
            body = "<p id=\"no-preview\">No preview of this kind of file.</p>"
        }
        return """
        <!doctype html><html><head><title>\(name)</title></head><body>
        <h1 id="name">\(name)</h1>\(body)</body></html>
        """
    }
}
