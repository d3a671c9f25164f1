import BoxLikeJSON
import Foundation
import Testing
import ZIPFoundation
@testable import BoxLikeServer

/// A `.docx` is read within ``DocxLimits``: a small file that lists huge parts, or one part
/// many times, is refused before its bytes are inflated, whatever its directory claims.
@Suite("Doc Gen template limits", .timeLimit(.minutes(10)))
struct DocxLimitsTests {
    static let document = Array((#"<?xml version="1.0" encoding="UTF-8"?>"#
        + #"<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>"#
        + "<w:p><w:r><w:t>Dear {{ name }}</w:t></w:r></w:p></w:body></w:document>").utf8)

    /// A zip of `parts`, each deflated: a part given as a size is that many zero bytes.
    static func zip(_ parts: [(String, Int?, [UInt8])]) throws -> [UInt8] {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, zeros, bytes) in parts {
            let size = zeros ?? bytes.count
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(size), compressionMethod: .deflate) { position, chunk in
                zeros == nil ? Data(bytes[Int(position)..<(Int(position) + chunk)]) : Data(count: chunk)
            }
        }
        return [UInt8](try #require(archive.data))
    }

    /// A template with a 60 MiB part of zeros: a small file that inflates far past the
    /// limits. Zipped once (CRC-32 and deflate of 60 MiB take seconds in a debug build) and
    /// shared by the tests that only read it.
    static let bomb: Result<[UInt8], any Error> = Result {
        try zip([("word/document.xml", nil, document), ("word/media/image.bin", 60 << 20, [])])
    }

    static func le16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    static func le32(_ bytes: [UInt8], _ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
    static func put32(_ value: Int, into bytes: inout [UInt8], at: Int) {
        for index in 0..<4 { bytes[at + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
    }

    /// The offset and length of each central directory record, by name (the archive has no comment).
    static func centralRecords(_ bytes: [UInt8]) -> [(name: String, offset: Int, length: Int)] {
        let end = bytes.count - 22
        var offset = le32(bytes, end + 16)
        return (0..<le16(bytes, end + 10)).map { _ in
            let nameLength = le16(bytes, offset + 28)
            let length = 46 + nameLength + le16(bytes, offset + 30) + le16(bytes, offset + 32)
            let name = String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
            defer { offset += length }
            return (name, offset, length)
        }
    }

    @Test func aPartListedManyTimesIsRefused() throws {
        var bytes = try Self.bomb.get()
        let record = try #require(Self.centralRecords(bytes).first { $0.name == "word/media/image.bin" })
        let copies = Array(repeating: Array(bytes[record.offset..<(record.offset + record.length)]), count: 8).flatMap { $0 }
        bytes.insert(contentsOf: copies, at: record.offset + record.length)
        let end = bytes.count - 22
        for field in [end + 8, end + 10] {
            let count = Self.le16(bytes, field) + 8
            bytes[field] = UInt8(count & 0xFF)
            bytes[field + 1] = UInt8(count >> 8)
        }
        Self.put32(Self.le32(bytes, end + 12) + copies.count, into: &bytes, at: end + 12)

        #expect(throws: DocxTemplate.Unusable.self) { try DocxTemplate(bytes: bytes) }
    }

    @Test func aPartPastTheCompressionRatioIsRefusedBeforeItIsInflated() throws {
        let bytes = try Self.bomb.get()
        let template = try DocxTemplate(bytes: bytes)

        #expect(throws: DocxArchive.LimitExceeded.self) { try template.parts() }
    }

    @Test func aPartWhoseDirectoryUnderstatesItsSizeIsStoppedAsItsBytesComeOut() throws {
        var bytes = try Self.zip([("word/document.xml", nil, Self.document), ("word/media/image.bin", 4 << 20, [])])
        let record = try #require(Self.centralRecords(bytes).first { $0.name == "word/media/image.bin" })
        // No data descriptor: the sizes read are the ones changed here.
        try #require(Self.le16(bytes, record.offset + 8) & 0x08 == 0)
        Self.put32(100, into: &bytes, at: record.offset + 24)
        Self.put32(100, into: &bytes, at: Self.le32(bytes, record.offset + 42) + 22)
        let template = try DocxTemplate(bytes: bytes)

        #expect(throws: DocxArchive.LimitExceeded.self) { try template.parts() }
    }

    @Test func anArchiveListingMoreEntriesThanTheLimitIsRefused() throws {
        let bytes = try Self.zip([("word/document.xml", nil, Self.document)] + (0..<5).map { ("word/part\($0).xml", nil, [UInt8]()) })
        var limits = DocxLimits()
        limits.maximumEntries = 5

        #expect(throws: DocxArchive.LimitExceeded.self) { try DocxTemplate(bytes: bytes, limits: limits) }
    }

    @Test func partsTogetherPastTheTotalAreRefused() throws {
        let bytes = try Self.zip([("word/document.xml", nil, Self.document), ("word/a.bin", 600 << 10, []), ("word/b.bin", 600 << 10, [])])
        var limits = DocxLimits()
        limits.maximumTotalSize = 1 << 20

        #expect(throws: DocxArchive.LimitExceeded.self) { try DocxTemplate(bytes: bytes, limits: limits).parts() }
    }

    @Test func tagsReadOnlyTheTextParts() throws {
        let bytes = try Self.bomb.get()

        #expect(try DocxTemplate(bytes: bytes).tags().map(\.content) == ["{{ name }}"])
    }

    @Test func aBatchFromATemplatePastTheLimitsFailsItsJobWithATypedError() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let bytes = try Self.bomb.get()
            let fileId = try await server.uploadFile(token: token, name: "bomb.docx", bytes: bytes)
            let version = [("box-version", "2025.0")]
            let template = try await server.api(.POST, "/docgen_templates", token: token, json: ["file": ["id": .string(fileId), "type": "file"]],
                                                headers: version)
            #expect(template.status == 201)

            let batch = try await server.api(.POST, "/docgen_batches", token: token, json: [
                "file": ["id": .string(fileId), "type": "file"], "input_source": "api",
                "destination_folder": ["id": "0", "type": "folder"], "output_type": "docx",
                "document_generation_data": [["generated_file_name": "letter", "user_input": ["name": "Ada"]]],
            ], headers: version)

            // As Box does, the template that cannot be rendered fails its job; the batch is accepted.
            #expect(batch.status == 202)
            let batchId = try #require(batch.json?["id"]?.stringValue)
            let jobs = try await server.api(.GET, "/docgen_batch_jobs/\(batchId)", token: token, headers: version)
            let job = try #require(jobs.json?["entries"]?.arrayValue?.first)
            #expect(job["status"] == "failed")
            #expect(job["failures"]?["errors"]?.arrayValue?.first?.stringValue?.hasPrefix("template_too_large") == true)
        }
    }
}
