import BoxLikeJSON

/// The JSON of Doc Gen templates, tags, batches and jobs, made from records outside the state actor.
enum DocGenRepresentation {
    static func fileReference(_ id: String) -> JSONValue {
        ["type": "file", "id": .string(id)]
    }

    static func fileVersionReference(_ id: String) -> JSONValue {
        ["type": "file_version", "id": .string(id)]
    }

    /// `POST /docgen_templates` answers with the template's file only.
    static func templateBase(_ template: DocGenTemplateRecord) -> JSONValue {
        ["file": fileReference(template.fileId)]
    }

    static func template(_ template: DocGenTemplateRecord, fileName: String) -> JSONValue {
        ["file": fileReference(template.fileId), "file_name": .string(fileName)]
    }

    static func tag(_ tag: DocxTemplate.Tag) -> JSONValue {
        ["tag_content": .string(tag.content), "tag_type": .string(tag.kind.rawValue), "json_paths": .array(tag.jsonPaths.map(JSONValue.string))]
    }

    static func batch(_ batch: DocGenBatchRecord) -> JSONValue {
        ["type": "docgen_batch", "id": .string(batch.id)]
    }

    static func job(_ job: DocGenJobRecord) -> JSONValue {
        var object: [String: JSONValue] = [
            "type": "docgen_job", "id": .string(job.id),
            "batch": ["type": "docgen_batch", "id": .string(job.batchId)],
            "template_file": fileReference(job.templateFileId),
            "template_file_version": fileVersionReference(job.templateFileVersionId),
            "output_file": job.outputFileId.map(fileReference) ?? .null,
            "output_file_version": job.outputFileVersionId.map(fileVersionReference) ?? .null,
            "status": .string(job.status.rawValue), "output_type": .string(job.outputType),
        ]
        if !job.errors.isEmpty || !job.warnings.isEmpty {
            object["failures"] = ["errors": .array(job.errors.map(JSONValue.string)), "warnings": .array(job.warnings.map(JSONValue.string))]
        }
        return .object(object)
    }

    /// A job as `GET /docgen_jobs` lists it: with who made it, when, in which enterprise, from where.
    static func jobFull(_ job: DocGenJobRecord, context: DocGenState.DocGenJobContext) -> JSONValue {
        guard case .object(var object) = self.job(job) else { return self.job(job) }
        object["created_at"] = Timestamp.json(job.createdAt)
        object["created_by"] = context.creator
        object["enterprise"] = ["type": "enterprise", "id": .string(context.enterpriseId)]
        object["source"] = .string(job.source)
        return .object(object)
    }
}
