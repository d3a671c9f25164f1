// Every list operation of the API as a lazily paged `AsyncSequence`, named after the
// operation with `Sequence` appended. Each takes the operation's own query parameters:
// `limit` sets the page size, and the paging fields (`offset`, `marker`) are managed here.

extension FoldersManager {
    /// The items of a folder, a page at a time (marker pagination).
    ///
    /// ```swift
    /// for try await item in client.folders.getFolderItemsSequence(folderId: "0") {
    ///     print(item)
    /// }
    /// ```
    public func getFolderItemsSequence(
        folderId: String,
        queryParams: GetFolderItemsQueryParams = GetFolderItemsQueryParams(),
        headers: GetFolderItemsHeaders = GetFolderItemsHeaders()
    ) -> PagedSequence<Item> {
        .markerPaginated(startingAt: queryParams.marker) { marker in
            var page = queryParams
            page.usemarker = true
            page.marker = marker
            page.offset = nil
            let items = try await getFolderItems(folderId: folderId, queryParams: page, headers: headers)
            return (items.entries, items.nextMarker)
        }
    }
}

extension UsersManager {
    /// The enterprise's users, a page at a time (offset pagination).
    public func getUsersSequence(
        queryParams: GetUsersQueryParams = GetUsersQueryParams(),
        headers: GetUsersHeaders = GetUsersHeaders()
    ) -> PagedSequence<UserFull> {
        .offsetPaginated(startingAt: queryParams.offset ?? 0) { offset in
            var page = queryParams
            page.offset = offset
            let users = try await getUsers(queryParams: page, headers: headers)
            return (users.entries, users.totalCount)
        }
    }
}

extension SearchManager {
    /// Search results, a page at a time (offset pagination).
    public func searchForContentSequence(
        queryParams: SearchForContentQueryParams = SearchForContentQueryParams(),
        headers: SearchForContentHeaders = SearchForContentHeaders()
    ) -> PagedSequence<SearchResultItem> {
        .offsetPaginated(startingAt: queryParams.offset ?? 0) { offset in
            var page = queryParams
            page.offset = offset
            let results = try await searchForContent(queryParams: page, headers: headers)
            return (results.entries, results.totalCount)
        }
    }
}

extension UserCollaborationsManager {
    /// A folder's collaborations, a page at a time (offset pagination).
    public func getFolderCollaborationsSequence(
        folderId: String,
        queryParams: GetFolderCollaborationsQueryParams = GetFolderCollaborationsQueryParams(),
        headers: GetFolderCollaborationsHeaders = GetFolderCollaborationsHeaders()
    ) -> PagedSequence<Collaboration> {
        .offsetPaginated(startingAt: queryParams.offset ?? 0) { offset in
            var page = queryParams
            page.offset = offset
            let collaborations = try await getFolderCollaborations(folderId: folderId, queryParams: page, headers: headers)
            return (collaborations.entries, collaborations.totalCount)
        }
    }

    /// A file's collaborations, a page at a time (offset pagination).
    public func getFileCollaborationsSequence(
        fileId: String,
        queryParams: GetFileCollaborationsQueryParams = GetFileCollaborationsQueryParams(),
        headers: GetFileCollaborationsHeaders = GetFileCollaborationsHeaders()
    ) -> PagedSequence<Collaboration> {
        .offsetPaginated(startingAt: queryParams.offset ?? 0) { offset in
            var page = queryParams
            page.offset = offset
            let collaborations = try await getFileCollaborations(fileId: fileId, queryParams: page, headers: headers)
            return (collaborations.entries, collaborations.totalCount)
        }
    }
}

extension WebhooksManager {
    /// The app's webhooks, a page at a time (marker pagination).
    public func getWebhooksSequence(
        queryParams: GetWebhooksQueryParams = GetWebhooksQueryParams(),
        headers: GetWebhooksHeaders = GetWebhooksHeaders()
    ) -> PagedSequence<WebhookMini> {
        .markerPaginated(startingAt: queryParams.marker) { marker in
            var page = queryParams
            page.marker = marker
            let webhooks = try await getWebhooks(queryParams: page, headers: headers)
            return (webhooks.entries, webhooks.nextMarker)
        }
    }
}

extension ChunkedUploadsManager {
    /// The parts an upload session holds, a page at a time (offset pagination).
    public func getFileUploadSessionPartsSequence(
        uploadSessionId: String,
        queryParams: GetFileUploadSessionPartsQueryParams = GetFileUploadSessionPartsQueryParams(),
        headers: GetFileUploadSessionPartsHeaders = GetFileUploadSessionPartsHeaders()
    ) -> PagedSequence<UploadPart> {
        .offsetPaginated(startingAt: queryParams.offset ?? 0) { offset in
            var page = queryParams
            page.offset = offset
            let parts = try await getFileUploadSessionParts(uploadSessionId: uploadSessionId, queryParams: page,
                                                            headers: headers)
            return (parts.entries, parts.totalCount)
        }
    }
}

extension EventsManager {
    /// The events after a stream position, a chunk at a time, until the stream has no
    /// newer events (`stream_position` pagination). Start from `"now"` to see only new
    /// events, or from a position saved earlier.
    public func getEventsSequence(
        queryParams: GetEventsQueryParams = GetEventsQueryParams()
    ) -> PagedSequence<Event> {
        .markerPaginated(startingAt: queryParams.streamPosition) { position in
            var page = queryParams
            page.streamPosition = position
            let events = try await getEvents(queryParams: page)
            // An empty chunk means the stream is caught up.
            return (events.entries, events.entries.isEmpty ? nil : events.nextStreamPosition)
        }
    }
}
