import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Doc Gen (Box API 2025.0): `.docx` templates, their tags, batches that fill the tags in with
/// input data, and the jobs of those batches.
@Suite("Doc Gen against the server")
struct EndToEndDocGenTests {
    /// A letter whose greeting tag is split over three runs, as Word often stores it.
    static let letter: [[String]] = [
        ["Dear ", "{{ cust", "omer.na", "me }}", ","],
        ["Your order {{order.number}} of {{ order.items.0.name }} ships on {{ date }}."],
        ["{{if order.gift}}Gift wrapped{{endif}}"],
    ]

    func uploadTemplate(_ client: BoxClient, paragraphs: [[String]] = letter, name: String = "letter.docx") async throws
        -> (folder: FolderFull, file: FileFull) {
        let folder = try await client.makeFolder("docgen")
        let files = try await client.uploads.uploadFile(.bytes(DocxFixture.document(paragraphs: paragraphs)), name: name,
                                                        parentFolderId: folder.id)
        guard let file = files.entries?.first else { throw FixtureError.missing("uploaded template") }
        return (folder, file)
    }

    func markTemplate(_ client: BoxClient, fileId: String) async throws -> DocGenTemplateBaseV2025R0 {
        try await client.docgenTemplate.createDocgenTemplateV2025R0(
            requestBody: DocGenTemplateCreateRequestV2025R0(file: FileReferenceV2025R0(id: fileId)))
    }

    func batch(_ client: BoxClient, templateId: String, into folderId: String, documents: [DocGenDocumentGenerationDataV2025R0])
        async throws -> DocGenBatchBaseV2025R0 {
        try await client.docgen.createDocgenBatchV2025R0(requestBody: DocGenBatchCreateRequestV2025R0(
            file: FileReferenceV2025R0(id: templateId), inputSource: "api",
            destinationFolder: DocGenBatchCreateRequestV2025R0DestinationFolderField(id: folderId), outputType: "docx",
            documentGenerationData: documents))
    }

    static func ada(_ name: String = "ada-letter") -> DocGenDocumentGenerationDataV2025R0 {
        DocGenDocumentGenerationDataV2025R0(generatedFileName: name, userInput: [
            "customer": ["name": "Ada Lovelace"],
            "order": ["number": 1843, "items": [["name": "Analytical Engine"]]],
            "date": "10 December",
        ])
    }

    @Test func aDocxFileIsMarkedAsATemplateReadAndListed() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (_, file) = try await uploadTemplate(client)

            let created = try await markTemplate(client, fileId: file.id)
            let read = try await client.docgenTemplate.getDocgenTemplateByIdV2025R0(templateId: file.id)
            let listed = try await client.docgenTemplate.getDocgenTemplatesV2025R0()

            #expect(created.file?.id == file.id)
            #expect(read.file?.id == file.id)
            #expect(read.fileName == "letter.docx")
            #expect(listed.entries?.compactMap(\.file?.id) == [file.id])
        }
    }

    @Test func aFileOfAnyExtensionCanBeMarkedAsATemplate() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let text = try await client.makeFile("notes.txt", text: "{{ name }}", in: try await client.makeFolder().id)

            let created = try await markTemplate(client, fileId: text.id)

            #expect(created.file?.id == text.id)
            #expect(try await client.docgenTemplate.getDocgenTemplateByIdV2025R0(templateId: text.id).fileName == "notes.txt")
        }
    }

    @Test func aTemplateThatCannotBeReadHasNoTags() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let text = try await client.makeFile("notes.txt", text: "{{ name }}", in: try await client.makeFolder().id)
            _ = try await markTemplate(client, fileId: text.id)

            let tags = try await client.docgenTemplate.getDocgenTemplateTagsV2025R0(templateId: text.id)

            #expect(tags.entries?.isEmpty ?? true)
        }
    }

    @Test func aTemplateThatCannotBeRenderedFailsItsJobAndTheBatchIsAccepted() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder("docgen")
            let text = try await client.makeFile("notes.txt", text: "{{ name }}", in: folder.id)
            _ = try await markTemplate(client, fileId: text.id)

            let batch = try await batch(client, templateId: text.id, into: folder.id, documents: [Self.ada()])
            let jobs = try await client.docgen.getDocgenBatchJobByIdV2025R0(batchId: batch.id).entries ?? []

            #expect(jobs.map(\.status) == [.failed])
            #expect(jobs.first?.failures?.errors.isEmpty == false)
            #expect(try await client.names(in: folder.id) == ["notes.txt"])
        }
    }

    @Test func aPdfBatchMakesAPdfWithTheDocumentsText() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (folder, file) = try await uploadTemplate(client)
            _ = try await markTemplate(client, fileId: file.id)

            let batch = try await client.docgen.createDocgenBatchV2025R0(requestBody: DocGenBatchCreateRequestV2025R0(
                file: FileReferenceV2025R0(id: file.id), inputSource: "api",
                destinationFolder: DocGenBatchCreateRequestV2025R0DestinationFolderField(id: folder.id), outputType: "pdf",
                documentGenerationData: [Self.ada()]))
            let job = try #require(try await client.docgen.getDocgenBatchJobByIdV2025R0(batchId: batch.id).entries?.first)

            #expect(job.status == .completed)
            #expect(job.outputType == "pdf")
            guard let output = job.outputFile else {
                Issue.record("the job names no output file")
                return
            }
            #expect(try await client.files.getFileById(fileId: output.id).name == "ada-letter.pdf")
            let bytes = try await client.downloads.downloadFile(fileId: output.id, progress: nil).collect(upTo: 1 << 20)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.hasPrefix("%PDF-1."))
            #expect(text.hasSuffix("%%EOF\n"))
            #expect(text.contains("(Dear Ada Lovelace,) Tj"))
            #expect(text.contains("(Your order 1843 of Analytical Engine ships on 10 December.) Tj"))
        }
    }

    @Test func aJobListingAskingForMoreThanAThousandIsCappedAtAThousand() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (folder, file) = try await uploadTemplate(client)
            _ = try await markTemplate(client, fileId: file.id)
            _ = try await batch(client, templateId: file.id, into: folder.id, documents: [Self.ada()])

            let listed = try await client.docgen.getDocgenJobsV2025R0(queryParams: GetDocgenJobsV2025R0QueryParams(limit: 5000))

            #expect(listed.limit == 1000)
            #expect(listed.entries?.count == 1)
        }
    }

    @Test func aTemplateIsUnmarkedAndItsFileStays() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (_, file) = try await uploadTemplate(client)
            _ = try await markTemplate(client, fileId: file.id)

            try await client.docgenTemplate.deleteDocgenTemplateByIdV2025R0(templateId: file.id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.docgenTemplate.getDocgenTemplateByIdV2025R0(templateId: file.id)
            }
            #expect(error?.status == 404)
            #expect(try await client.files.getFileById(fileId: file.id).name == "letter.docx")
        }
    }

    @Test func tagsAreReadFromTheDocumentIncludingOnesSplitAcrossRuns() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (_, file) = try await uploadTemplate(client)
            _ = try await markTemplate(client, fileId: file.id)

            let tags = try await client.docgenTemplate.getDocgenTemplateTagsV2025R0(templateId: file.id).entries ?? []

            #expect(tags.map(\.tagContent) == [
                "{{ customer.name }}", "{{order.number}}", "{{ order.items.0.name }}", "{{ date }}", "{{if order.gift}}",
            ])
            #expect(tags.map(\.tagType.rawValue) == ["text", "text", "text", "text", "conditional"])
            #expect(tags.map(\.jsonPaths) == [["customer.name"], ["order.number"], ["order.items.0.name"], ["date"], ["order.gift"]])
        }
    }

    @Test func aBatchMakesADocumentPerInputWithTheTagsReplaced() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (folder, file) = try await uploadTemplate(client)
            _ = try await markTemplate(client, fileId: file.id)
            var grace = Self.ada("grace-letter")
            grace.userInput = ["customer": ["name": "Grace Hopper"], "order": ["number": 1952, "items": [["name": "A-0 <compiler>"]]],
                               "date": "9 December"]

            let batch = try await batch(client, templateId: file.id, into: folder.id, documents: [Self.ada(), grace])
            let jobs = try await client.docgen.getDocgenBatchJobByIdV2025R0(batchId: batch.id).entries ?? []

            #expect(jobs.map(\.status) == [.completed, .completed])
            #expect(try await client.names(in: folder.id).sorted() == ["ada-letter.docx", "grace-letter.docx", "letter.docx"])
            guard let output = jobs.last?.outputFile else {
                Issue.record("the job names no output file")
                return
            }
            let bytes = try await client.downloads.downloadFile(fileId: output.id, progress: nil).collect(upTo: 1 << 20)
            let paragraphs = try DocxFixture.paragraphs(of: bytes)
            #expect(paragraphs == [
                "Dear Grace Hopper,", "Your order 1952 of A-0 <compiler> ships on 9 December.", "{{if order.gift}}Gift wrapped{{endif}}",
            ])
        }
    }

    @Test func aMissingValueLeavesTheTagEmptyWithAWarning() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (folder, file) = try await uploadTemplate(client, paragraphs: [["Hello {{ name }}!"]])
            _ = try await markTemplate(client, fileId: file.id)

            let batch = try await batch(client, templateId: file.id, into: folder.id, documents: [
                DocGenDocumentGenerationDataV2025R0(generatedFileName: "hello", userInput: [:]),
            ])

            let job = try #require(try await client.docgen.getDocgenBatchJobByIdV2025R0(batchId: batch.id).entries?.first)
            #expect(job.status == .completed)
            #expect(job.failures?.warnings.count == 1)
            guard let output = job.outputFile else {
                Issue.record("the job names no output file")
                return
            }
            let bytes = try await client.downloads.downloadFile(fileId: output.id, progress: nil).collect(upTo: 1 << 20)
            #expect(try DocxFixture.paragraphs(of: bytes) == ["Hello !"])
        }
    }

    @Test func aDocumentWhoseNameIsTakenFailsItsJobAndTheOthersComplete() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (folder, file) = try await uploadTemplate(client)
            _ = try await markTemplate(client, fileId: file.id)
            _ = try await client.makeFile("taken.docx", text: "x", in: folder.id)

            let batch = try await batch(client, templateId: file.id, into: folder.id, documents: [Self.ada("taken"), Self.ada("free")])
            let jobs = try await client.docgen.getDocgenBatchJobByIdV2025R0(batchId: batch.id).entries ?? []

            #expect(jobs.map(\.status) == [.failed, .completed])
            #expect(jobs.first?.failures?.errors.isEmpty == false)
        }
    }

    @Test func jobsAreListedReadAndFoundByTheirTemplate() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (folder, file) = try await uploadTemplate(client)
            _ = try await markTemplate(client, fileId: file.id)
            _ = try await batch(client, templateId: file.id, into: folder.id, documents: [Self.ada()])

            let listed = try await client.docgen.getDocgenJobsV2025R0().entries ?? []
            let jobId = try #require(listed.first?.id)
            let read = try await client.docgen.getDocgenJobByIdV2025R0(jobId: jobId)
            let byTemplate = try await client.docgenTemplate.getDocgenTemplateJobByIdV2025R0(templateId: file.id).entries ?? []

            #expect(listed.count == 1)
            #expect(listed.first?.createdBy.id == server.seed.adminUser.id)
            #expect(listed.first?.source == "api")
            #expect(read.templateFile.id == file.id)
            #expect(read.status == .completed)
            #expect(byTemplate.map(\.id) == [read.id])
        }
    }

    @Test func anotherUserCannotReadAJob() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let (other, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let (folder, file) = try await uploadTemplate(client)
            _ = try await markTemplate(client, fileId: file.id)
            let batch = try await batch(client, templateId: file.id, into: folder.id, documents: [Self.ada()])
            let jobId = try #require(try await client.docgen.getDocgenBatchJobByIdV2025R0(batchId: batch.id).entries?.first?.id)

            let error = await #expect(throws: BoxAPIError.self) { try await other.docgen.getDocgenJobByIdV2025R0(jobId: jobId) }

            #expect(error?.status == 404)
        }
    }

    @Test func aVersionedOperationWithoutTheBoxVersionHeaderIsRefused() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()

            let missing = await #expect(throws: BoxAPIError.self) {
                try await client.docgen.getDocgenJobsV2025R0(headers: GetDocgenJobsV2025R0Headers(extraHeaders: ["box-version": nil]))
            }
            let older = await #expect(throws: BoxAPIError.self) {
                try await client.docgen.getDocgenJobsV2025R0(headers: GetDocgenJobsV2025R0Headers(extraHeaders: ["box-version": "2024.0"]))
            }

            #expect(missing?.status == 400)
            #expect(missing?.code == "invalid_api_version")
            #expect(missing?.message == "Missing required box-version header. Supported API versions: [2025.0].")
            #expect(older?.status == 400)
            #expect(older?.code == "invalid_api_version")
            #expect(older?.message?.hasPrefix("Unsupported API version") == true)
        }
    }
}
