import Foundation
import NIOCore

/// A zip archive of stored files (method 0, "stored", so it streams without compressing),
/// laid out up front so its exact length is known before the first byte is sent.
///
/// The classic (non-ZIP64) format is used: at most 65,535 entries and 4 GiB in all.
struct ZipArchive: Sendable {
    /// A file (with content) or a directory (without) at a path inside the archive.
    struct Entry: Sendable {
        var path: String
        var content: StoredContent?
        var modifiedAt: Date
    }

    /// An archive that the classic format cannot hold.
    struct TooLarge: Error {}

    private struct Laid: Sendable {
        let entry: Entry
        let name: [UInt8]
        let crc: UInt32
        let size: UInt32
        let offset: UInt32
        let time: UInt16
        let date: UInt16
    }

    private let laid: [Laid]
    private let centralDirectory: [UInt8]
    /// The archive's length in bytes.
    let length: Int

    /// Lays the entries out, reading each file once for its CRC-32.
    static func make(_ entries: [Entry]) async throws -> ZipArchive {
        guard entries.count < 0xFFFF else { throw TooLarge() }
        var laid: [Laid] = []
        var offset = 0
        for entry in entries {
            var crc = CRC32()
            if let content = entry.content {
                try await content.read(range: 0..<content.size) { chunk in
                    chunk.withUnsafeReadableBytes { crc.update($0) }
                }
            }
            let name = Array(entry.path.utf8)
            let size = entry.content?.size ?? 0
            guard offset + 30 + name.count + size < Int(UInt32.max), name.count < 0xFFFF else { throw TooLarge() }
            let (time, date) = dosTimestamp(entry.modifiedAt)
            laid.append(Laid(entry: entry, name: name, crc: crc.value, size: UInt32(size), offset: UInt32(offset), time: time, date: date))
            offset += 30 + name.count + size
        }
        var directory: [UInt8] = []
        for item in laid {
            directory.append(le32: 0x0201_4b50)
            directory.append(le16: 20)               // made by: 2.0
            directory.append(le16: 20)               // needed: 2.0
            directory.append(le16: 0x0800)           // UTF-8 names
            directory.append(le16: 0)                // stored
            directory.append(le16: item.time)
            directory.append(le16: item.date)
            directory.append(le32: item.crc)
            directory.append(le32: item.size)
            directory.append(le32: item.size)
            directory.append(le16: UInt16(item.name.count))
            directory.append(le16: 0)                // extra
            directory.append(le16: 0)                // comment
            directory.append(le16: 0)                // disk
            directory.append(le16: 0)                // internal attributes
            directory.append(le32: item.entry.content == nil ? 0x10 : 0) // MS-DOS directory bit
            directory.append(le32: item.offset)
            directory.append(contentsOf: item.name)
        }
        guard offset + directory.count + 22 < Int(UInt32.max) else { throw TooLarge() }
        var end: [UInt8] = []
        end.append(le32: 0x0605_4b50)
        end.append(le16: 0)
        end.append(le16: 0)
        end.append(le16: UInt16(laid.count))
        end.append(le16: UInt16(laid.count))
        end.append(le32: UInt32(directory.count))
        end.append(le32: UInt32(offset))
        end.append(le16: 0)
        return ZipArchive(laid: laid, centralDirectory: directory + end, length: offset + directory.count + end.count)
    }

    /// Writes the archive in order; `fileDone` is called after each file's bytes.
    func write(_ body: (ByteBuffer) async throws -> Void, fileDone: () async -> Void = {}) async throws {
        for item in laid {
            var header: [UInt8] = []
            header.append(le32: 0x0403_4b50)
            header.append(le16: 20)
            header.append(le16: 0x0800)
            header.append(le16: 0)
            header.append(le16: item.time)
            header.append(le16: item.date)
            header.append(le32: item.crc)
            header.append(le32: item.size)
            header.append(le32: item.size)
            header.append(le16: UInt16(item.name.count))
            header.append(le16: 0)
            header.append(contentsOf: item.name)
            try await body(ByteBuffer(bytes: header))
            if let content = item.entry.content {
                try await content.read(range: 0..<content.size) { chunk in try await body(chunk) }
                await fileDone()
            }
        }
        try await body(ByteBuffer(bytes: centralDirectory))
    }

    /// MS-DOS time and date (2-second resolution, 1980–2107), in UTC.
    static func dosTimestamp(_ date: Date) -> (time: UInt16, date: UInt16) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let year = Swift.min(Swift.max((parts.year ?? 1980) - 1980, 0), 127)
        let time = UInt16((parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2)
        let day = UInt16(year << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1))
        return (time, day)
    }
}

/// CRC-32 (IEEE 802.3, reflected, as zip and PNG use it).
struct CRC32 {
    private(set) var value: UInt32 = 0
    private static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var crc = ~value
        for byte in bytes { crc = Self.table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        value = ~crc
    }

    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }
}

extension [UInt8] {
    mutating func append(le16 value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }

    mutating func append(le32 value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
}
