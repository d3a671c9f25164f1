import Foundation

/// Minimal `.docx` files made by the tests themselves: a zip with the content types, the
/// package relationships and `word/document.xml`, one `<w:p>` per paragraph and one run per
/// string of a paragraph (so a tag can be split over runs as Word splits it).
///
/// `document.xml` is compressed with DEFLATE's fixed Huffman code (literals only), the other
/// parts are stored, so reading a template takes both of the zip methods Word uses.
enum DocxFixture {
    static func document(paragraphs: [[String]]) -> [UInt8] {
        let body = paragraphs.map { runs in
            "<w:p>" + runs.map { #"<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">\#(escaped($0))</w:t></w:r>"# }.joined() + "</w:p>"
        }.joined()
        let document = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#
            + #"<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>"#
            + body + "<w:sectPr/></w:body></w:document>"
        let contentTypes = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#
            + #"<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">"#
            + #"<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>"#
            + #"<Default Extension="xml" ContentType="application/xml"/>"#
            + #"<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>"#
            + "</Types>"
        let relationships = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#
            + #"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">"#
            + #"<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>"#
            + "</Relationships>"
        return zip([
            ("[Content_Types].xml", Array(contentTypes.utf8), false),
            ("_rels/.rels", Array(relationships.utf8), false),
            ("word/document.xml", Array(document.utf8), true),
        ])
    }

    /// The text of each paragraph of a `.docx`'s body, read with the system's `unzip`.
    static func paragraphs(of docx: [UInt8]) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("document.docx")
        try Data(docx).write(to: path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["unzip", "-p", path.path, "word/document.xml"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let xml = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FixtureError.missing("word/document.xml in the generated document") }
        return xml.components(separatedBy: "<w:p>").dropFirst().map { paragraph in
            paragraph.components(separatedBy: "<w:t").dropFirst().compactMap { node -> String? in
                guard let open = node.firstIndex(of: ">"), let close = node.range(of: "</w:t>") else { return nil }
                return unescaped(String(node[node.index(after: open)..<close.lowerBound]))
            }.joined()
        }
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    private static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    // MARK: - Zip

    private static func zip(_ entries: [(name: String, content: [UInt8], deflate: Bool)]) -> [UInt8] {
        var archive: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let data = entry.deflate ? fixedHuffman(entry.content) : entry.content
            let name = Array(entry.name.utf8)
            let crc = crc32(entry.content)
            var common: [UInt8] = []
            common += le16(20) + le16(0) + le16(entry.deflate ? 8 : 0) + le16(0) + le16(0x21)
            common += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(entry.content.count)) + le16(UInt16(name.count)) + le16(0)
            directory += le32(0x0201_4B50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(UInt32(archive.count)) + name
            archive += le32(0x0403_4B50) + common + name + data
        }
        let end = le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
            + le32(UInt32(directory.count)) + le32(UInt32(archive.count)) + le16(0)
        return archive + directory + end
    }

    /// One final DEFLATE block with the fixed code, every byte a literal (RFC 1951, 3.2.6).
    private static func fixedHuffman(_ bytes: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.write(1, count: 1)
        writer.write(1, count: 2)
        for byte in bytes {
            if byte < 144 {
                writer.writeCode(0x30 + Int(byte), length: 8)
            } else {
                writer.writeCode(0x190 + Int(byte) - 144, length: 9)
            }
        }
        writer.writeCode(0, length: 7)
        return writer.finish()
    }

    private struct BitWriter {
        var bytes: [UInt8] = []
        var current = 0
        var used = 0

        /// `value`'s low `count` bits, least significant first (header fields).
        mutating func write(_ value: Int, count: Int) {
            for bit in 0..<count { push((value >> bit) & 1) }
        }

        /// A Huffman code, most significant bit first.
        mutating func writeCode(_ code: Int, length: Int) {
            for bit in stride(from: length - 1, through: 0, by: -1) { push((code >> bit) & 1) }
        }

        mutating func push(_ bit: Int) {
            current |= bit << used
            used += 1
            if used == 8 {
                bytes.append(UInt8(current))
                current = 0
                used = 0
            }
        }

        mutating func finish() -> [UInt8] {
            if used > 0 { bytes.append(UInt8(current)) }
            return bytes
        }
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    private static func le16(_ value: UInt16) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    private static func le32(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8((value >> UInt32(8 * $0)) & 0xFF) }
    }
}
