/// How a file of `totalSize` bytes is cut into parts of `partSize` bytes (the last one
/// shorter). Parts are computed when asked for, never listed up front, so the plan costs the
/// same whatever the server chose.
struct UploadPartPlan: Sendable, Equatable {
    struct Part: Sendable, Equatable {
        let index: Int
        let offset: Int64
        let size: Int64

        /// `bytes <first>-<last>/<total>`.
        func contentRange(totalSize: Int64) -> String {
            "bytes \(offset)-\(offset + size - 1)/\(totalSize)"
        }
    }

    /// The part sizes accepted from a server. A part is held in memory while it is sent (for
    /// stream uploads) and every part is a request, so a server must be able to make a part
    /// neither huge nor tiny.
    static let acceptedPartSizes: ClosedRange<Int64> = 64 * 1024...128 * 1024 * 1024
    /// The most parts one upload may have.
    static let maximumPartCount: Int64 = 10_000

    let totalSize: Int64
    let partSize: Int64
    /// How many parts the file has; an empty file has none.
    let count: Int

    /// A plan for the part size a server announced.
    ///
    /// - Throws: `BoxSDKError` (`.invalidResponse`) when the part size is outside
    ///   ``acceptedPartSizes`` or would cut the file into more than ``maximumPartCount`` parts.
    init(totalSize: Int64, announcedPartSize: Int64?, sessionId: String) throws {
        guard let partSize = announcedPartSize else {
            throw BoxSDKError(.invalidResponse, "The upload session \(sessionId) did not say its part size.")
        }
        guard Self.acceptedPartSizes.contains(partSize) else {
            throw BoxSDKError(.invalidResponse, "The upload session \(sessionId) asked for parts of \(partSize) bytes; "
                + "parts of \(Self.acceptedPartSizes.lowerBound) to \(Self.acceptedPartSizes.upperBound) bytes are accepted.")
        }
        let parts = totalSize <= 0 ? 0 : (totalSize - 1) / partSize + 1
        guard parts <= Self.maximumPartCount else {
            throw BoxSDKError(.invalidResponse, "The upload session \(sessionId) would cut the file into \(parts) parts; "
                + "at most \(Self.maximumPartCount) are accepted.")
        }
        self.totalSize = totalSize
        self.partSize = partSize
        self.count = Int(parts)
    }

    /// The part at `index` (`0..<count`).
    func part(_ index: Int) -> Part {
        let offset = Int64(index) * partSize
        return Part(index: index, offset: offset, size: Swift.min(partSize, totalSize - offset))
    }

    /// Every part's index, in order.
    var indices: Range<Int> { 0..<count }

    /// The index of the planned part at `offset` when it is `size` bytes long; `nil` for any
    /// other offset or size (a part the server lists that this plan would not have made).
    func index(ofPartAt offset: Int64, size: Int64) -> Int? {
        guard offset >= 0, offset % partSize == 0 else { return nil }
        let index = offset / partSize
        guard index < Int64(count), part(Int(index)).size == size else { return nil }
        return Int(index)
    }

    /// Of the parts a server says it holds, those that are exactly planned parts, one per
    /// offset. Any other is left out, so its bytes are uploaded again: the server's numbers
    /// are never added up or trusted beyond what the plan itself would produce, so no
    /// listing can make the sum overflow or a part go missing from the commit.
    func matching(_ reported: [UploadPart]) -> [UploadPart] {
        var seen = Set<Int>()
        return reported.filter { part in
            guard let index = index(ofPartAt: part.offset, size: part.size) else { return false }
            return seen.insert(index).inserted
        }
    }
}
