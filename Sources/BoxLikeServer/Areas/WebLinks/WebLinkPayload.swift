/// What a web link (bookmark) has besides the shared item fields: its target.
struct WebLinkPayload: Sendable {
    var url: String
}
