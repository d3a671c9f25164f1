/// How a file of a given size splits into the parts of a chunked upload session.
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

    let totalSize: Int64
    let partSize: Int64
    let parts: [Part]

    init(totalSize: Int64, partSize: Int64) {
        self.totalSize = totalSize
        self.partSize = max(1, partSize)
        var parts: [Part] = []
        var offset: Int64 = 0
        var index = 0
        while offset < totalSize {
            let size = Swift.min(self.partSize, totalSize - offset)
            parts.append(Part(index: index, offset: offset, size: size))
            offset += size
            index += 1
        }
        self.parts = parts
    }
}
