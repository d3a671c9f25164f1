/// Where the next page of a list starts (generated `...Sequence` methods build it; apps only
/// iterate the ``PagedSequence``).
package enum PageCursor: Sendable, Hashable {
    /// Offset pagination: the index of the first item of the next page.
    case offset(Int)
    /// Marker pagination: the opaque marker the server returned.
    case marker(String)

    /// The offset, for offset pagination.
    package var offset: Int? {
        if case .offset(let value) = self { return value }
        return nil
    }

    /// The marker, for marker pagination.
    package var marker: String? {
        if case .marker(let value) = self { return value }
        return nil
    }
}

/// One page of a list and where the next one starts (`nil` at the end).
package struct Page<Item: Sendable>: Sendable {
    /// The items on this page.
    package var items: [Item]
    /// The next page's cursor, or `nil` when this is the last page.
    package var next: PageCursor?

    /// Creates a page.
    package init(items: [Item], next: PageCursor?) {
        self.items = items
        self.next = next
    }

    /// A page of an offset-paginated list: the next offset is `offset + items.count`, and
    /// the list ends when that reaches `totalCount` or a page comes back empty.
    package static func offsetPage(items: [Item], offset: Int, totalCount: Int?) -> Page {
        let nextOffset = offset + items.count
        let ended = items.isEmpty || totalCount.map { nextOffset >= $0 } ?? false
        return Page(items: items, next: ended ? nil : .offset(nextOffset))
    }

    /// A page of a marker-paginated list: the list ends when the marker is missing or empty.
    package static func markerPage(items: [Item], nextMarker: String?) -> Page {
        guard let nextMarker, !nextMarker.isEmpty else { return Page(items: items, next: nil) }
        return Page(items: items, next: .marker(nextMarker))
    }
}

/// The items of a paginated list, fetched a page at a time as the caller iterates.
///
/// Nothing is fetched until iteration starts, and the next page is fetched only when the
/// current one is used up, so breaking out of a loop stops the requests.
///
/// ```swift
/// for try await item in client.folders.getFolderItemsSequence(folderId: "0") {
///     print(item)
/// }
/// ```
public struct PagedSequence<Item: Sendable>: AsyncSequence, Sendable {
    /// An item of the list.
    public typealias Element = Item

    private let first: PageCursor?
    private let fetch: @Sendable (PageCursor?) async throws -> Page<Item>

    /// Creates a sequence.
    ///
    /// - Parameters:
    ///   - first: Where to start; `nil` for the list's beginning.
    ///   - fetch: Fetches the page at a cursor.
    package init(startingAt first: PageCursor? = nil, fetch: @escaping @Sendable (PageCursor?) async throws -> Page<Item>) {
        self.first = first
        self.fetch = fetch
    }

    /// An offset-paginated list: `fetch` gets the page at an offset and returns its items
    /// and the list's total count, if the server sends one.
    package static func offsetPaginated(
        startingAt offset: Int64 = 0,
        fetch: @escaping @Sendable (_ offset: Int64) async throws -> (items: [Item], totalCount: Int64?)
    ) -> PagedSequence {
        PagedSequence(startingAt: .offset(Int(offset))) { cursor in
            let offset = cursor?.offset ?? 0
            let page = try await fetch(Int64(offset))
            return .offsetPage(items: page.items, offset: offset, totalCount: page.totalCount.map { Int($0) })
        }
    }

    /// A marker-paginated list: `fetch` gets the page at a marker (`nil` for the first)
    /// and returns its items and the next marker.
    package static func markerPaginated(
        startingAt marker: String? = nil,
        fetch: @escaping @Sendable (_ marker: String?) async throws -> (items: [Item], nextMarker: String?)
    ) -> PagedSequence {
        PagedSequence(startingAt: marker.map { .marker($0) }) { cursor in
            let page = try await fetch(cursor?.marker)
            return .markerPage(items: page.items, nextMarker: page.nextMarker)
        }
    }

    /// Creates the iterator.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(cursor: first, fetch: fetch)
    }

    /// Collects every item into an array (fetching every page).
    public func collect() async throws -> [Item] {
        var items: [Item] = []
        for try await item in self { items.append(item) }
        return items
    }

    /// Iterates a ``PagedSequence``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var cursor: PageCursor?
        let fetch: @Sendable (PageCursor?) async throws -> Page<Item>
        var buffer: [Item] = []
        var index = 0
        var finished = false

        init(cursor: PageCursor?, fetch: @escaping @Sendable (PageCursor?) async throws -> Page<Item>) {
            self.cursor = cursor
            self.fetch = fetch
        }

        /// The next item, fetching the next page when needed.
        public mutating func next() async throws -> Item? {
            while index >= buffer.count {
                if finished { return nil }
                let page = try await fetch(cursor)
                buffer = page.items
                index = 0
                // A server that hands back the cursor it was given would loop forever.
                if page.next == nil || page.next == cursor {
                    finished = true
                } else {
                    cursor = page.next
                }
            }
            defer { index += 1 }
            return buffer[index]
        }
    }
}
