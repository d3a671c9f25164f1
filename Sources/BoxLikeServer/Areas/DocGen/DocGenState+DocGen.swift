import Foundation

/// Doc Gen: `.docx` files marked as templates, and batches that make one document per set of
/// input data into a destination folder, each tracked as a job.
///
/// The work that reads and writes documents happens outside the actor, in the route: the
/// state hands out a template's content (``docGenTemplateContent``), then records what the
/// route made (``recordDocGenBatch``), creating the files and the jobs in one call.
extension DocGenState {
    /// What the route needs to generate a batch: the template version's content and where to.
    struct DocGenBatchPlan: Sendable {
        var templateFileId: String
        var templateVersionId: String
        var content: StoredContent
        var destinationFolderId: String
        var outputType: String
        var source: String
    }

    /// One document the route made, or why it could not.
    enum DocGenOutcome: Sendable {
        case generated(name: String, bytes: [UInt8], warnings: [String])
        case failed(name: String, error: String)
    }

    private var docGen: DocGenState { self }

    // MARK: - Templates

    /// Marks a file the caller can change as a template; marking it again changes nothing.
    /// As in Box, the file's extension is not checked: a file that is not a `.docx` is a
    /// template with no tags, whose jobs fail.
    mutating func createDocGenTemplate(core: isolated ServerState, fileId: String, principal: Principal) throws -> (DocGenTemplateRecord, fileName: String) {
        let file = try core.file(fileId, for: principal, to: .editContent)
        if let existing = docGen.templates[fileId] { return (existing, file.name) }
        let template = DocGenTemplateRecord(fileId: fileId, createdBy: principal.userId, createdAt: core.currentTime)
        self.templates[fileId] = template
        self.templateOrder.append(fileId)
        return (template, file.name)
    }

    /// The templates whose files the caller can see, with the files' names, oldest first.
    mutating func docGenTemplates(core: isolated ServerState, principal: Principal) -> [(DocGenTemplateRecord, fileName: String)] {
        docGen.templateOrder.compactMap { id in
            guard let template = docGen.templates[id], let file = try? core.file(id, for: principal) else { return nil }
            return (template, file.name)
        }
    }

    /// A template by id (its file's id): `404` when the file is not a template or is hidden.
    mutating func docGenTemplate(core: isolated ServerState, id: String, principal: Principal, write: Bool = false) throws -> (DocGenTemplateRecord, fileName: String) {
        guard let template = docGen.templates[id] else { throw ServerErrorResponse.notFound("template") }
        let file: ItemRecord
        do {
            file = try core.file(id, for: principal, to: write ? .editContent : .view)
        } catch let error as ServerErrorResponse where error.status == .notFound {
            throw ServerErrorResponse.notFound("template")
        }
        return (template, file.name)
    }

    /// Unmarks a template; the file stays. Needs the right to change the file.
    mutating func deleteDocGenTemplate(core: isolated ServerState, id: String, principal: Principal) throws {
        _ = try docGenTemplate(core: core, id: id, principal: principal, write: true)
        self.templates[id] = nil
        self.templateOrder.removeAll { $0 == id }
    }

    /// The content of a template's current version, or of `versionId` when given.
    mutating func docGenTemplateContent(core: isolated ServerState, id: String, versionId: String?, principal: Principal) throws -> (versionId: String, content: StoredContent) {
        _ = try docGenTemplate(core: core, id: id, principal: principal)
        guard let payload = try core.file(id, for: principal).file else { throw ServerErrorResponse.notFound("template") }
        guard let versionId, versionId != payload.currentVersion.id else {
            return (payload.currentVersion.id, payload.currentVersion.content)
        }
        guard let found = payload.version(versionId), !found.record.isTrashed else {
            throw ServerErrorResponse.notFound("file_version")
        }
        return (found.record.id, found.record.content)
    }

    // MARK: - Batches

    /// The output types a batch may ask for: Box makes Word documents and PDFs.
    static let docGenOutputTypes: Set<String> = ["docx", "pdf"]

    /// Checks a batch request before any document is made: the template, its version, the
    /// destination folder (which the caller must be able to add to) and the output type.
    mutating func planDocGenBatch(core: isolated ServerState, templateFileId: String, versionId: String?, destinationFolderId: String, outputType: String,
                         source: String, principal: Principal) throws -> DocGenBatchPlan {
        let outputType = outputType.lowercased()
        guard Self.docGenOutputTypes.contains(outputType) else {
            throw ServerErrorResponse.badRequest("output_type must be docx or pdf")
        }
        let (version, content) = try docGenTemplateContent(core: core, id: templateFileId, versionId: versionId, principal: principal)
        _ = try core.folder(destinationFolderId, for: principal, to: .upload)
        return DocGenBatchPlan(templateFileId: templateFileId, templateVersionId: version, content: content,
                               destinationFolderId: destinationFolderId, outputType: outputType, source: source)
    }

    /// Stores the documents of a batch in its destination folder and records a job for each:
    /// `completed` with its output file, or `failed` with the reason (a name already taken,
    /// a template that could not be read).
    mutating func recordDocGenBatch(core: isolated ServerState, _ plan: DocGenBatchPlan, outcomes: [DocGenOutcome], principal: Principal) -> DocGenBatchRecord {
        let batch = DocGenBatchRecord(id: UUID().uuidString.lowercased(), jobIds: [], createdBy: principal.userId)
        var jobIds: [String] = []
        let now = core.currentTime
        for outcome in outcomes {
            var job = DocGenJobRecord(
                id: UUID().uuidString.lowercased(), batchId: batch.id, templateFileId: plan.templateFileId,
                templateFileVersionId: plan.templateVersionId, status: .failed, outputType: plan.outputType,
                createdBy: principal.userId, createdAt: now, source: plan.source)
            switch outcome {
            case .failed(_, let error):
                job.errors = [error]
            case .generated(let name, let bytes, let warnings):
                job.warnings = warnings
                do {
                    try core.validateName(name)
                    let folder = try core.folder(plan.destinationFolderId, for: principal, to: .upload)
                    try core.ensureNameFree(name, in: folder.id)
                    let file = core.makeFile(name: name, parentId: folder.id, actor: principal.userId, content: StoredContent(bytes: bytes))
                    job.outputFileId = file.id
                    job.outputFileVersionId = file.file?.currentVersion.id
                    job.status = .completed
                } catch let error as ServerErrorResponse {
                    job.errors = ["\(name): \(error.message)"]
                } catch {
                    job.errors = ["\(name): \(error)"]
                }
            }
            jobIds.append(job.id)
            self.jobs[job.id] = job
            self.jobOrder.append(job.id)
        }
        var stored = batch
        stored.jobIds = jobIds
        self.batches[batch.id] = stored
        return stored
    }

    // MARK: - Jobs

    /// What a job's full rendering needs besides the job.
    struct DocGenJobContext: Sendable {
        var creator: JSONValue
        var enterpriseId: String
    }

    /// The caller's jobs, oldest first.
    mutating func docGenJobs(core: isolated ServerState, principal: Principal) -> ([DocGenJobRecord], DocGenJobContext) {
        let jobs = docGen.jobOrder.compactMap { docGen.jobs[$0] }.filter { $0.createdBy == principal.userId }
        return (jobs, DocGenJobContext(creator: core.userMini(principal.userId), enterpriseId: core.enterpriseId))
    }

    /// One of the caller's jobs.
    mutating func docGenJob(core: isolated ServerState, id: String, principal: Principal) throws -> DocGenJobRecord {
        guard let job = docGen.jobs[id], job.createdBy == principal.userId else { throw ServerErrorResponse.notFound("job") }
        return job
    }

    /// The jobs of one of the caller's batches.
    mutating func docGenBatchJobs(core: isolated ServerState, batchId: String, principal: Principal) throws -> [DocGenJobRecord] {
        guard let batch = docGen.batches[batchId], batch.createdBy == principal.userId else {
            throw ServerErrorResponse.notFound("batch")
        }
        return batch.jobIds.compactMap { docGen.jobs[$0] }
    }

    /// The caller's jobs made from a template.
    mutating func docGenTemplateJobs(core: isolated ServerState, templateId: String, principal: Principal) throws -> [DocGenJobRecord] {
        _ = try docGenTemplate(core: core, id: templateId, principal: principal)
        return docGen.jobOrder.compactMap { docGen.jobs[$0] }
            .filter { $0.templateFileId == templateId && $0.createdBy == principal.userId }
    }
}
