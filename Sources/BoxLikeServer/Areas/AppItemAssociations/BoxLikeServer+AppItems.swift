/// An app item the server made for a test (``BoxLikeServer/associateAppItem(applicationType:with:)``).
public struct BoxLikeAppItem: Sendable, Hashable {
    /// The app item's id.
    public var id: String
    /// Its shared link, which `GET /shared_items` resolves to the app item.
    public var sharedLink: String
}

extension BoxLikeServer {
    /// What an app item is associated with.
    public enum AppItemTarget: Sendable {
        /// A file, by id.
        case file(String)
        /// A folder, by id.
        case folder(String)
    }

    /// The shared link of the seeded app item (``BoxLikeSeed/appItemId``), which
    /// `GET /shared_items` resolves to it.
    public var seededAppItemSharedLink: String {
        "\(origin)/s/\(seed.appItemSharedLinkToken)"
    }

    /// Makes an app item of `applicationType` (`hubs`, `canvas`) associated with a file or
    /// folder, as a Box app does when the item becomes part of it (Box offers no API for that).
    ///
    /// ```swift
    /// let hub = try await server.associateAppItem(applicationType: "hubs", with: .file(fileId))
    /// ```
    public func associateAppItem(applicationType: String, with target: AppItemTarget) async throws -> BoxLikeAppItem {
        let item: ItemRef
        switch target {
        case .file(let id): item = .file(id)
        case .folder(let id): item = .folder(id)
        }
        let appItem = try await state.withArea(AppItemsState.self) { area, core in try area.makeAppItem(core: core, applicationType: applicationType, associatedWith: item) }
        return BoxLikeAppItem(id: appItem.id, sharedLink: "\(origin)/s/\(appItem.sharedLinkToken)")
    }
}
