import Foundation
import ZIPFoundation

/// The parts of a `.docx` (a zip archive), read with ZIPFoundation within ``DocxLimits``.
///
/// The central directory is listed once, when the archive is opened; a part is inflated only
/// when asked for, and only the parts an operation needs are (the text parts for tags). Each
/// part's bytes are counted as inflation produces them, so a directory that understates a
/// size gets no further than one that states it.
struct DocxArchive: Sendable {
    /// An archive past one of ``DocxLimits``.
    struct LimitExceeded: Error, CustomStringConvertible {
        let description: String
    }

    /// Bytes that are not a zip archive, or a part that fails its checks.
    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    /// One entry of the central directory.
    struct Entry: Sendable {
        let name: String
        let isDirectory: Bool
    }

    /// How many more uncompressed bytes one operation may read (``DocxLimits/maximumTotalSize``).
    struct Budget {
        fileprivate(set) var remaining: Int
    }

    /// The entries, in the order of the central directory.
    let entries: [Entry]
    let limits: DocxLimits
    private let data: Data

    /// Opens `bytes` and lists its entries.
    ///
    /// - Throws: ``LimitExceeded`` for a file or directory past the limits, ``Unreadable`` for
    ///   bytes that are not a zip archive or that list a name twice.
    init(bytes: [UInt8], limits: DocxLimits = DocxLimits()) throws {
        guard bytes.count <= limits.maximumArchiveSize else {
            throw LimitExceeded(description: "the file is larger than \(limits.maximumArchiveSize) bytes")
        }
        self.limits = limits
        data = Data(bytes)
        var entries: [Entry] = []
        var names: Set<String> = []
        for entry in try Self.open(data) {
            guard entries.count < limits.maximumEntries else {
                throw LimitExceeded(description: "the archive lists more than \(limits.maximumEntries) entries")
            }
            guard names.insert(entry.path).inserted else {
                throw Unreadable(description: "the archive lists \(entry.path) more than once")
            }
            guard entry.type != .symlink else { throw Unreadable(description: "\(entry.path) is a symbolic link") }
            entries.append(Entry(name: entry.path, isDirectory: entry.type == .directory))
        }
        self.entries = entries
    }

    /// A budget for one operation.
    func makeBudget() -> Budget {
        Budget(remaining: limits.maximumTotalSize)
    }

    /// The uncompressed bytes of the file entries named `names` (one pass over the archive),
    /// taken from `budget`.
    ///
    /// - Throws: ``LimitExceeded`` when a part, or all of them, would pass the limits;
    ///   ``Unreadable`` for a part that is missing, does not inflate or fails its size or CRC check.
    func contents(of names: Set<String>, budget: inout Budget) throws -> [String: [UInt8]] {
        var found: [String: [UInt8]] = [:]
        let archive = try Self.open(data)
        // The iterator reads each directory record at its own offset, so extracting between
        // two steps does not disturb it.
        for entry in archive where names.contains(entry.path) && entry.type == .file {
            found[entry.path] = try read(entry, from: archive, budget: &budget)
        }
        if let missing = names.first(where: { found[$0] == nil }) { throw Unreadable(description: "\(missing) is missing") }
        return found
    }

    /// The most bytes `entry` may inflate to, and the limit that says so.
    private func allowance(for entry: ZIPFoundation.Entry, budget: Budget) -> (bytes: Int, limit: String) {
        let compressed = entry.compressedSize > UInt64(Int.max) ? Int.max : Int(entry.compressedSize)
        let candidates = [
            (limits.maximumEntrySize, "\(limits.maximumEntrySize) bytes for one part"),
            (budget.remaining, "\(limits.maximumTotalSize) bytes for all the parts read"),
            (limits.sizeAllowedByRatio(compressedSize: compressed),
             "a compression ratio of \(limits.maximumCompressionRatio) (\(compressed) bytes compressed)"),
        ]
        let smallest = candidates.min { $0.0 < $1.0 } ?? candidates[0]
        return (smallest.0, smallest.1)
    }

    private func read(_ entry: ZIPFoundation.Entry, from archive: Archive, budget: inout Budget) throws -> [UInt8] {
        let (allowed, limit) = allowance(for: entry, budget: budget)
        let exceeded = LimitExceeded(description: "\(entry.path) inflates past \(limit)")
        guard entry.uncompressedSize <= UInt64(allowed) else { throw exceeded }
        var output: [UInt8] = []
        output.reserveCapacity(Int(entry.uncompressedSize))
        let checksum: ZIPFoundation.CRC32
        do {
            checksum = try archive.extract(entry, skipCRC32: false) { chunk in
                guard output.count + chunk.count <= allowed else { throw exceeded }
                output.append(contentsOf: chunk)
            }
        } catch let error as LimitExceeded {
            throw error
        } catch {
            throw Unreadable(description: "\(entry.path) does not inflate: \(error)")
        }
        guard checksum == entry.checksum, UInt64(output.count) == entry.uncompressedSize else {
            throw Unreadable(description: "\(entry.path) fails its size or CRC check")
        }
        budget.remaining -= output.count
        return output
    }

    private static func open(_ data: Data) throws -> Archive {
        do {
            return try Archive(data: data, accessMode: .read)
        } catch {
            throw Unreadable(description: "not a zip archive (\(error))")
        }
    }
}
