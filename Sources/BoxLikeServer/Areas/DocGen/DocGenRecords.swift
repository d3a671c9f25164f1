import Foundation

/// A file marked as a Doc Gen template; the template's id is the file's id, as in Box.
struct DocGenTemplateRecord: Sendable {
    var fileId: String
    var createdBy: String
    var createdAt: Date
}

/// One document of a batch: made from a template version with one set of input data.
struct DocGenJobRecord: Sendable {
    enum Status: String, Sendable {
        case submitted
        case pending
        case completed
        case completedWithError = "completed_with_error"
        case failed
    }

    var id: String
    var batchId: String
    var templateFileId: String
    var templateFileVersionId: String
    var outputFileId: String?
    var outputFileVersionId: String?
    var status: Status
    var outputType: String
    var errors: [String] = []
    var warnings: [String] = []
    var createdBy: String
    var createdAt: Date
    /// The `input_source` of the batch (`api`).
    var source: String
}

/// A batch: the jobs of one `POST /docgen_batches`, in the order of its input data.
struct DocGenBatchRecord: Sendable {
    var id: String
    var jobIds: [String]
    var createdBy: String
}

/// What the Doc Gen area keeps: templates by file id, batches and jobs by id, jobs in the
/// order they were made.
struct DocGenState: AreaState {
    var templates: [String: DocGenTemplateRecord] = [:]
    var templateOrder: [String] = []
    var batches: [String: DocGenBatchRecord] = [:]
    var jobs: [String: DocGenJobRecord] = [:]
    var jobOrder: [String] = []
}
