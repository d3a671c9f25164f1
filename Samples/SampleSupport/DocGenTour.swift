import BoxLikeSDK
import Foundation

/// What `sample-docgen` shows: a letter template uploaded and marked as a Doc Gen template,
/// its tags, and one batch generating three letters from data into a new folder, followed
/// until every job is done.
public enum DocGenTour {
    /// The people the letters are for.
    static let recipients: [(file: String, name: String, city: String, amount: Int)] = [
        ("letter-ada", "Ada Lovelace", "London", 1843),
        ("letter-grace", "Grace Hopper", "Arlington", 1952),
        ("letter-alan", "Alan Turing", "Manchester", 1936),
    ]

    /// Runs the tour; returns the names of the generated documents.
    @discardableResult
    public static func run(client: BoxClient) async throws -> [String] {
        let folder = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
            name: "Letters \(UUID().uuidString.prefix(6))", parent: CreateFolderRequestBodyParentField(id: "0")))
        let uploaded = try await client.uploads.uploadFile(
            .bytes(LetterTemplate.docx(paragraphs: [
                "Dear {{ recipient.name }},",
                "Thank you for your order of {{ amount }} units, which ships to {{ recipient.city }} today.",
                "Kind regards, {{ sender }}",
            ])),
            name: "letter-template.docx", parentFolderId: folder.id)
        guard let template = uploaded.entries?.first else { throw CocoaError(.fileWriteUnknown) }

        _ = try await client.docgenTemplate.createDocgenTemplateV2025R0(
            requestBody: DocGenTemplateCreateRequestV2025R0(file: FileReferenceV2025R0(id: template.id)))
        let tags = try await client.docgenTemplate.getDocgenTemplateTagsV2025R0(templateId: template.id).entries ?? []
        print("Template \(template.name ?? "?") has tags: " + tags.map(\.tagContent).joined(separator: " "))

        let batch = try await client.docgen.createDocgenBatchV2025R0(requestBody: DocGenBatchCreateRequestV2025R0(
            file: FileReferenceV2025R0(id: template.id), inputSource: "api",
            destinationFolder: DocGenBatchCreateRequestV2025R0DestinationFolderField(id: folder.id), outputType: "docx",
            documentGenerationData: recipients.map { recipient in
                DocGenDocumentGenerationDataV2025R0(generatedFileName: recipient.file, userInput: [
                    "recipient": ["name": .string(recipient.name), "city": .string(recipient.city)],
                    "amount": .integer(Int64(recipient.amount)), "sender": "The BoxLike team",
                ])
            }))

        // Box makes the documents in the background: follow the jobs until none is on its way.
        var jobs: [DocGenJobV2025R0] = []
        for _ in 0..<60 {
            jobs = try await client.docgen.getDocgenBatchJobByIdV2025R0(batchId: batch.id).entries ?? []
            let unfinished = jobs.contains { [.submitted, .pending].contains($0.status) }
            if !unfinished { break }
            try await Task.sleep(for: .seconds(1))
        }
        var generated: [String] = []
        for job in jobs {
            guard let output = job.outputFile else {
                print("Job \(job.id): \(job.status) \(job.failures?.errors ?? [])")
                continue
            }
            let file = try await client.files.getFileById(fileId: output.id)
            generated.append(file.name ?? "?")
            print("Job \(job.id): \(job.status) → \(file.name ?? "?") (\(file.size ?? 0) bytes)")
        }
        print("Generated \(generated.count) documents in folder '\(folder.name ?? "?")'.")
        return generated
    }
}

/// A minimal `.docx` (a zip of stored entries: content types, package relationships and the
/// document body), one paragraph per string, enough for Word and for Doc Gen.
enum LetterTemplate {
    static func docx(paragraphs: [String]) -> [UInt8] {
        let body = paragraphs.map { #"<w:p><w:r><w:t xml:space="preserve">\#($0)</w:t></w:r></w:p>"# }.joined()
        let parts: [(String, String)] = [
            ("[Content_Types].xml", #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>"#),
            ("_rels/.rels", #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>"#),
            ("word/document.xml", #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>"# + body + "</w:body></w:document>"),
        ]
        var local: [UInt8] = []
        var central: [UInt8] = []
        for (name, text) in parts {
            let content = Array(text.utf8), path = Array(name.utf8)
            let fields = le(20, 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0x21, 2) + le(Int(checksum(content)), 4)
                + le(content.count, 4) + le(content.count, 4) + le(path.count, 2) + le(0, 2)
            central += le(0x0201_4B50, 4) + le(20, 2) + fields + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(local.count, 4) + path
            local += le(0x0403_4B50, 4) + fields + path + content
        }
        return local + central + le(0x0605_4B50, 4) + le(0, 4) + le(parts.count, 2) + le(parts.count, 2) + le(central.count, 4)
            + le(local.count, 4) + le(0, 2)
    }

    /// Little-endian bytes of `value`.
    private static func le(_ value: Int, _ width: Int) -> [UInt8] {
        (0..<width).map { UInt8((value >> (8 * $0)) & 0xFF) }
    }

    /// The zip format's CRC-32.
    private static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.reduce(UInt32(0xFFFF_FFFF)) { crc, byte in
            (0..<8).reduce(crc ^ UInt32(byte)) { value, _ in value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        } ^ 0xFFFF_FFFF
    }
}
