import BoxLikeJSON
import Foundation
import Hummingbird

/// Doc Gen (Box API 2025.0): `/2.0/docgen_templates...`, `/2.0/docgen_template_jobs/{id}`,
/// `/2.0/docgen_batches`, `/2.0/docgen_jobs...` and `/2.0/docgen_batch_jobs/{id}`, each
/// answered only with `box-version: 2025.0`.
///
/// A batch is made while its request is answered: by the time `202` comes back, every job
/// has its final status (`completed` or `failed`) and its document is in the folder.
struct DocGenRoutes: ServerArea, DocgenTemplateOperations, DocgenOperations {
    let services: ServerServices

    func createDocgenTemplateV2025R0(_ input: OperationInput) async throws -> Response {
        guard let fileId = try await input.json()["file"]?.idMember else {
            throw ServerErrorResponse.badRequest("file must name a file by id")
        }
        let (template, _) = try await state.withArea(DocGenState.self) { area, core in try area.createDocGenTemplate(core: core, fileId: fileId, principal: input.principal) }
        return Responses.json(DocGenRepresentation.templateBase(template), status: .created)
    }

    func getDocgenTemplatesV2025R0(_ input: OperationInput) async throws -> Response {
        let templates = await state.withArea(DocGenState.self) { area, core in area.docGenTemplates(core: core, principal: input.principal) }
        let paging = try Paging(query: input.query, forceMarker: true)
        return Responses.json(paging.page(templates) { DocGenRepresentation.template($0.0, fileName: $0.fileName) })
    }

    func getDocgenTemplateTagsV2025R0(_ input: OperationInput) async throws -> Response {
        let (_, content) = try await state.withArea(DocGenState.self) { area, core in try area.docGenTemplateContent(core: core,
            id: try input.path("template_id"), versionId: input.query["template_version_id"], principal: input.principal) }
        // As Box does, a template that cannot be read as a `.docx` has no tags (200, not an error).
        let tags: [DocxTemplate.Tag]
        do {
            tags = try DocxTemplate(bytes: try await Self.templateBytes(content)).tags()
        } catch is DocxTemplate.Unusable {
            tags = []
        } catch let exceeded as DocxArchive.LimitExceeded {
            throw Self.tooLarge(exceeded)
        }
        let paging = try Paging(query: input.query, forceMarker: true)
        return Responses.json(paging.page(tags, render: DocGenRepresentation.tag))
    }

    func getDocgenTemplateJobByIdV2025R0(_ input: OperationInput) async throws -> Response {
        let jobs = try await state.withArea(DocGenState.self) { area, core in try area.docGenTemplateJobs(core: core, templateId: try input.path("template_id"), principal: input.principal) }
        return Responses.json(try Paging(query: input.query, forceMarker: true).page(jobs, render: DocGenRepresentation.job))
    }

    func getDocgenTemplateByIdV2025R0(_ input: OperationInput) async throws -> Response {
        let id = try input.path("template_id")
        let (template, name) = try await state.withArea(DocGenState.self) { area, core in try area.docGenTemplate(core: core, id: id, principal: input.principal) }
        return Responses.json(DocGenRepresentation.template(template, fileName: name))
    }

    func deleteDocgenTemplateByIdV2025R0(_ input: OperationInput) async throws -> Response {
        let id = try input.path("template_id")
        try await state.withArea(DocGenState.self) { area, core in try area.deleteDocGenTemplate(core: core, id: id, principal: input.principal) }
        return Responses.empty()
    }

    func createDocgenBatchV2025R0(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        guard let fileId = body["file"]?.idMember, let folderId = body["destination_folder"]?.idMember else {
            throw ServerErrorResponse.badRequest("file and destination_folder must each name an item by id")
        }
        guard let documents = body["document_generation_data"]?.arrayValue, !documents.isEmpty else {
            throw ServerErrorResponse.badRequest("document_generation_data must list at least one document")
        }
        let plan = try await state.withArea(DocGenState.self) { area, core in try area.planDocGenBatch(core: core,
            templateFileId: fileId, versionId: body["file_version"]?.idMember, destinationFolderId: folderId,
            outputType: body["output_type"]?.stringValue ?? "", source: body["input_source"]?.stringValue ?? "api",
            principal: input.principal) }
        let outcomes = await Self.generate(
            from: plan.content, documents: documents, outputType: plan.outputType, at: state.configuration.clock.now())
        let batch = await state.withArea(DocGenState.self) { area, core in area.recordDocGenBatch(core: core, plan, outcomes: outcomes, principal: input.principal) }
        return Responses.json(DocGenRepresentation.batch(batch), status: .accepted)
    }

    func getDocgenJobsV2025R0(_ input: OperationInput) async throws -> Response {
        let (jobs, context) = await state.withArea(DocGenState.self) { area, core in area.docGenJobs(core: core, principal: input.principal) }
        return Responses.json(try Paging(query: input.query, forceMarker: true).page(jobs) {
            DocGenRepresentation.jobFull($0, context: context)
        })
    }

    func getDocgenJobByIdV2025R0(_ input: OperationInput) async throws -> Response {
        Responses.json(DocGenRepresentation.job(try await state.withArea(DocGenState.self) { area, core in try area.docGenJob(core: core, id: try input.path("job_id"), principal: input.principal) }))
    }

    func getDocgenBatchJobByIdV2025R0(_ input: OperationInput) async throws -> Response {
        let jobs = try await state.withArea(DocGenState.self) { area, core in try area.docGenBatchJobs(core: core, batchId: try input.path("batch_id"), principal: input.principal) }
        return Responses.json(try Paging(query: input.query, forceMarker: true).page(jobs, render: DocGenRepresentation.job))
    }

    /// The `400 template_too_large` of a template past ``DocxLimits``.
    private static func tooLarge(_ exceeded: DocxArchive.LimitExceeded) -> ServerErrorResponse {
        .badRequest("The template is too large to read: \(exceeded.description)", code: "template_too_large")
    }

    /// A template file's bytes, refused before they are read when the file alone passes
    /// ``DocxLimits/maximumArchiveSize``.
    private static func templateBytes(_ content: StoredContent) async throws -> [UInt8] {
        let limit = DocxLimits().maximumArchiveSize
        guard content.size <= limit else {
            throw DocxArchive.LimitExceeded(description: "the file is larger than \(limit) bytes")
        }
        return try await content.allBytes()
    }

    /// One document per entry of `document_generation_data`, made outside the state actor,
    /// its parts stamped `now` (the server's time): a `.docx`, or for `output_type: pdf` a PDF
    /// of the filled-in document's text (``MinimalPDF``). The template is read once, within
    /// ``DocxLimits``.
    ///
    /// A template that cannot be rendered (not a `.docx`, or past the limits) fails the jobs
    /// made from it, each with the reason, as Box fails a job; the batch itself is accepted.
    private static func generate(from content: StoredContent, documents: [JSONValue], outputType: String, at now: Date) async
        -> [DocGenState.DocGenOutcome] {
        let fileExtension = "." + outputType
        let names = documents.map { document in
            let name = document["generated_file_name"]?.stringValue ?? "document"
            return name.lowercased().hasSuffix(fileExtension) ? name : name + fileExtension
        }
        let template: DocxTemplate
        let parts: DocxTemplate.Parts
        do {
            template = try DocxTemplate(bytes: try await templateBytes(content))
            parts = try template.parts()
        } catch let exceeded as DocxArchive.LimitExceeded {
            return names.map { .failed(name: $0, error: "template_too_large: \(tooLarge(exceeded).message)") }
        } catch {
            return names.map { .failed(name: $0, error: "The template cannot be read: \(error)") }
        }
        var outcomes: [DocGenState.DocGenOutcome] = []
        for (name, document) in zip(names, documents) {
            do {
                let generated = try await template.generate(with: document["user_input"] ?? .object([:]), parts: parts, at: now)
                let bytes = outputType == "pdf" ? MinimalPDF.document(lines: generated.paragraphs, createdAt: now) : generated.bytes
                outcomes.append(.generated(name: name, bytes: bytes, warnings: generated.warnings))
            } catch {
                outcomes.append(.failed(name: name, error: "\(error)"))
            }
        }
        return outcomes
    }
}
