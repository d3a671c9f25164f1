import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.docgenTemplate` and `client.docgen`, as Box's documentation uses them.
@Suite("Drop-in: Doc Gen")
struct DocgenTests {
    /// Uploads a Word document whose one paragraph is `text` into `parentId`.
    private func uploadWordDocument(_ client: BoxClient, name: String, text: String, parentId: String = "0") async throws -> FileFull {
        let uploadedFiles = try await client.uploads.uploadFile(requestBody: UploadFileRequestBody(
            attributes: UploadFileRequestBodyAttributesField(name: name, parent: UploadFileRequestBodyAttributesParentField(id: parentId)),
            file: InputStream(data: dropInDocx(paragraph: text))))
        return try #require(uploadedFiles.entries?.first)
    }

    @Test func aTemplateIsMarkedListedReadTaggedAndUnmarked() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await uploadWordDocument(client, name: "letter.docx", text: "Dear {{ customer.name }}, thank you.")

            let createdDocgenTemplate = try await client.docgenTemplate.createDocgenTemplateV2025R0(
                requestBody: DocGenTemplateCreateRequestV2025R0(file: FileReferenceV2025R0(id: file.id)))
            let templateFile = try #require(createdDocgenTemplate.file)
            let docgenTemplates = try await client.docgenTemplate.getDocgenTemplatesV2025R0()
            #expect(docgenTemplates.entries?.count == 1)

            let fetchedDocgenTemplate = try await client.docgenTemplate.getDocgenTemplateByIdV2025R0(templateId: templateFile.id)
            #expect(fetchedDocgenTemplate.file?.id == templateFile.id)
            #expect(fetchedDocgenTemplate.fileName == "letter.docx")

            let docgenTemplateTags = try await client.docgenTemplate.getDocgenTemplateTagsV2025R0(templateId: templateFile.id)
            #expect(docgenTemplateTags.entries?.map(\.tagContent) == ["{{ customer.name }}"])
            let docgenTemplateJobs = try await client.docgenTemplate.getDocgenTemplateJobByIdV2025R0(templateId: templateFile.id)
            #expect(docgenTemplateJobs.entries?.count == 0)

            try await client.docgenTemplate.deleteDocgenTemplateByIdV2025R0(templateId: templateFile.id)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.docgenTemplate.getDocgenTemplateByIdV2025R0(templateId: templateFile.id)
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func aBatchMakesADocumentAndItsJobIsRead() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Letters")
            let uploadedFile = try await uploadWordDocument(client, name: "thanks.docx", text: "Dear {{ abc }}, thank you.")
            _ = try await client.docgenTemplate.createDocgenTemplateV2025R0(
                requestBody: DocGenTemplateCreateRequestV2025R0(file: FileReferenceV2025R0(id: uploadedFile.id)))

            let docgenBatch = try await client.docgen.createDocgenBatchV2025R0(requestBody: DocGenBatchCreateRequestV2025R0(
                file: FileReferenceV2025R0(id: uploadedFile.id), inputSource: "api",
                destinationFolder: DocGenBatchCreateRequestV2025R0DestinationFolderField(id: folder.id), outputType: "pdf",
                documentGenerationData: [DocGenDocumentGenerationDataV2025R0(generatedFileName: "test", userInput: ["abc": "xyz"])]))
            #expect(docgenBatch.id != "")
            #expect(docgenBatch.type.rawValue == "docgen_batch")

            let docgenBatchJobs = try await client.docgen.getDocgenBatchJobByIdV2025R0(batchId: docgenBatch.id)
            let batchJob = try #require(docgenBatchJobs.entries?.first)
            #expect(batchJob.type.rawValue == "docgen_job")
            #expect(batchJob.outputType == "pdf")
            #expect(batchJob.status.rawValue == "completed")
            #expect(batchJob.templateFile.id == uploadedFile.id)
            #expect(batchJob.batch.id == docgenBatch.id)

            let docgenJobs = try await client.docgen.getDocgenJobsV2025R0(queryParams: GetDocgenJobsV2025R0QueryParams(limit: Int64(10000)))
            let docgenJobItemFromList = try #require(docgenJobs.entries?.last)
            #expect(docgenJobItemFromList.createdBy.id == box.seed.adminUser.id)
            #expect(docgenJobItemFromList.templateFileVersion.type.rawValue == "file_version")

            let docgenJob = try await client.docgen.getDocgenJobByIdV2025R0(jobId: docgenJobItemFromList.id)
            #expect(docgenJob.id == batchJob.id)
            #expect(docgenJob.templateFile.type.rawValue == "file")
            let outputFile = try #require(docgenJob.outputFile)
            #expect(try await client.files.getFileById(fileId: outputFile.id).parent?.id == folder.id)

            let templateJobs = try await client.docgenTemplate.getDocgenTemplateJobByIdV2025R0(templateId: uploadedFile.id)
            #expect(templateJobs.entries?.map(\.id) == [batchJob.id])
        }
    }
}

/// A minimal Word document (a zip of stored parts) whose body is one paragraph of `text`,
/// made here because the test ships no files.
private func dropInDocx(paragraph text: String) -> Data {
    let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    let header = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#
    let parts: [(String, String)] = [
        ("[Content_Types].xml", header + #"<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">"#
            + #"<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>"#
            + #"<Default Extension="xml" ContentType="application/xml"/>"#
            + #"<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>"#),
        ("_rels/.rels", header + #"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">"#
            + #"<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>"#),
        ("word/document.xml", header + #"<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>"#
            + #"<w:p><w:r><w:t xml:space="preserve">\#(escaped)</w:t></w:r></w:p><w:sectPr/></w:body></w:document>"#),
    ]
    func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) } }
    func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
    var archive: [UInt8] = []
    var directory: [UInt8] = []
    for (name, text) in parts {
        let content = Array(text.utf8)
        let nameBytes = Array(name.utf8)
        let common = le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21) + le32(crc32(content))
            + le32(UInt32(content.count)) + le32(UInt32(content.count)) + le16(nameBytes.count) + le16(0)
        directory += le32(0x0201_4B50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(UInt32(archive.count)) + nameBytes
        archive += le32(0x0403_4B50) + common + nameBytes + content
    }
    let end = le32(0x0605_4B50) + le16(0) + le16(0) + le16(parts.count) + le16(parts.count)
        + le32(UInt32(directory.count)) + le32(UInt32(archive.count)) + le16(0)
    return Data(archive + directory + end)
}
