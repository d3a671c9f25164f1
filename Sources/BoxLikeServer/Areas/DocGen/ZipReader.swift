/// Reads the entries of a zip archive held in memory (the classic format, entries stored or
/// deflated), as a `.docx` is: the central directory at the end says where each entry is.
struct ZipReader: Sendable {
    /// Bytes that are not a zip archive this reader can read.
    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    /// One entry of the central directory.
    struct Entry: Sendable {
        let name: String
        let method: Int
        let crc: UInt32
        let compressedSize: Int
        let size: Int
        let localHeaderOffset: Int
    }

    private let bytes: [UInt8]
    /// The entries, in the order of the central directory.
    let entries: [Entry]

    /// The largest entry this reader inflates, against archives that expand without bound.
    static let largestEntry = 64 * 1024 * 1024

    init(bytes: [UInt8]) throws {
        self.bytes = bytes
        entries = try Self.centralDirectory(of: bytes)
    }

    /// The uncompressed content of the entry named `name`, or `nil` when there is none.
    func contents(of name: String) throws -> [UInt8]? {
        guard let entry = entries.first(where: { $0.name == name }) else { return nil }
        return try contents(of: entry)
    }

    /// The uncompressed content of `entry`, checked against its CRC-32.
    func contents(of entry: Entry) throws -> [UInt8] {
        let header = entry.localHeaderOffset
        guard Self.le32(bytes, header) == 0x0403_4B50, let nameLength = Self.le16(bytes, header + 26),
              let extraLength = Self.le16(bytes, header + 28) else {
            throw Unreadable(description: "no local header for \(entry.name)")
        }
        let start = header + 30 + nameLength + extraLength
        guard start + entry.compressedSize <= bytes.count else { throw Unreadable(description: "\(entry.name) is cut short") }
        let stored = Array(bytes[start..<(start + entry.compressedSize)])
        let content: [UInt8]
        switch entry.method {
        case 0:
            content = stored
        case 8:
            do {
                content = try Inflate.decompress(stored, limit: Self.largestEntry)
            } catch {
                throw Unreadable(description: "\(entry.name) does not inflate: \(error)")
            }
        default:
            throw Unreadable(description: "\(entry.name) uses compression method \(entry.method)")
        }
        var crc = CRC32()
        crc.update(content)
        guard content.count == entry.size, crc.value == entry.crc else {
            throw Unreadable(description: "\(entry.name) fails its size or CRC check")
        }
        return content
    }

    private static func centralDirectory(of bytes: [UInt8]) throws -> [Entry] {
        // The end record is 22 bytes plus a comment of at most 65,535.
        let earliest = max(0, bytes.count - 22 - 0xFFFF)
        guard bytes.count >= 22,
              let end = stride(from: bytes.count - 22, through: earliest, by: -1).first(where: { le32(bytes, $0) == 0x0605_4B50 }),
              let count = le16(bytes, end + 10), let directoryOffset = le32(bytes, end + 16).map({ Int($0) })
        else { throw Unreadable(description: "not a zip archive") }
        var entries: [Entry] = []
        var offset = directoryOffset
        for _ in 0..<count {
            guard le32(bytes, offset) == 0x0201_4B50, let method = le16(bytes, offset + 10), let crc = le32(bytes, offset + 16),
                  let compressed = le32(bytes, offset + 20), let size = le32(bytes, offset + 24),
                  let nameLength = le16(bytes, offset + 28), let extraLength = le16(bytes, offset + 30),
                  let commentLength = le16(bytes, offset + 32), let local = le32(bytes, offset + 42),
                  offset + 46 + nameLength <= bytes.count
            else { throw Unreadable(description: "damaged central directory") }
            guard compressed != 0xFFFF_FFFF, size != 0xFFFF_FFFF, local != 0xFFFF_FFFF else {
                throw Unreadable(description: "ZIP64 archives are not supported")
            }
            let name = String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
            entries.append(Entry(name: name, method: method, crc: crc, compressedSize: Int(compressed), size: Int(size),
                                 localHeaderOffset: Int(local)))
            offset += 46 + nameLength + extraLength + commentLength
        }
        return entries
    }

    private static func le16(_ bytes: [UInt8], _ offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    private static func le32(_ bytes: [UInt8], _ offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << UInt32(8 * $1) }
    }
}
