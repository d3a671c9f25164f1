import BoxLikeJSON
import Foundation

/// Box Relay workflows with a manual-start trigger. Box builds workflows in its web app, so the
/// server seeds one (``seedWorkflow(folderId:ownerId:)``); the API lists a folder's workflows
/// and starts a flow on files in that folder, running its outcomes (``BoxLikeWorkflowAction``).
extension ServerState {
    private var storedWorkflows: [String: WorkflowRecord] {
        get { self[area: WorkflowsState.self].workflows }
        set { self[area: WorkflowsState.self].workflows = newValue }
    }

    /// Seeds "Watermark for review" on a folder: one manually started flow watermarking the files.
    @discardableResult
    func seedWorkflow(folderId: String, ownerId: String) -> WorkflowRecord {
        makeWorkflow(
            name: "Watermark for review", description: "Watermarks the files it is started on.", folderId: folderId,
            ownerId: ownerId, outcomes: [("Watermark the files", .watermarkFile)])
    }

    /// A workflow on a folder with one manually started flow running `outcomes` in order, as a
    /// user builds it in Box's web app (Box offers no API for it).
    func makeWorkflow(name: String, description: String, folderId: String, ownerId: String,
                      outcomes: [(name: String, action: BoxLikeWorkflowAction)]) -> WorkflowRecord {
        let flow = WorkflowRecord.Flow(
            id: newId(), outcomes: outcomes.map { .init(id: newId(), name: $0.name, action: $0.action) },
            createdBy: ownerId, createdAt: currentTime)
        let workflow = WorkflowRecord(id: newId(), name: name, description: description, folderId: folderId, flows: [flow])
        storedWorkflows[workflow.id] = workflow
        return workflow
    }

    /// ``makeWorkflow(name:description:folderId:ownerId:outcomes:)`` on a folder given by API id,
    /// owned by the folder's owner; the admin logs record it as Box records a workflow built
    /// in its web app (`WORKFLOW_AUTOMATION_CREATE`).
    func makeWorkflow(name: String, folderApiId: String, actions: [BoxLikeWorkflowAction]) throws -> WorkflowRecord {
        guard let folder = items[.folder(folderApiId)], !folder.isRoot, !isInTrash(folder.ref) else {
            throw ServerErrorResponse.notFound("folder")
        }
        let workflow = makeWorkflow(
            name: name, description: "", folderId: folder.id, ownerId: folder.ownerId,
            outcomes: actions.map { ($0.defaultName, $0) })
        recordEvent("WORKFLOW_AUTOMATION_CREATE", by: folder.ownerId, source: folder.ref, enterpriseOnly: true)
        return workflow
    }

    func workflows(onFolder folderApiId: String, triggerType: String?, principal: Principal) throws -> [WorkflowView] {
        let folder = try folder(folderApiId, for: principal)
        return storedWorkflows.values.filter { workflow in
            workflow.folderId == folder.id && (triggerType.map { type in workflow.flows.contains { $0.triggerType == type } } ?? true)
        }.sorted { $0.id < $1.id }.map { view($0) }
    }

    /// Starts a flow of the workflow on files of the folder it watches and runs its outcomes on them.
    func startWorkflow(_ id: String, flowId: String, folderId folderApiId: String, fileIds: [String], principal: Principal) throws {
        guard let workflow = storedWorkflows[id], (try? item(.folder(workflow.folderId), for: principal)) != nil else {
            throw ServerErrorResponse.notFound("workflow")
        }
        guard workflow.isEnabled else { throw ServerErrorResponse.forbidden("The workflow is not enabled", code: "workflow_not_enabled") }
        guard let flow = workflow.flows.first(where: { $0.id == flowId }) else {
            throw ServerErrorResponse.badRequest("flow.id names no flow of the workflow")
        }
        guard flow.triggerType == "WORKFLOW_MANUAL_START" else { throw ServerErrorResponse.badRequest("The flow is not started by hand") }
        let folder = try folder(folderApiId, for: principal)
        guard folder.id == workflow.folderId else { throw ServerErrorResponse.badRequest("folder.id is not the folder the workflow watches") }
        guard !fileIds.isEmpty else { throw ServerErrorResponse.badRequest("files must name at least one file") }
        let files = try fileIds.map { try file($0, for: principal) }
        if let outside = files.first(where: { $0.parentId != workflow.folderId }) {
            throw ServerErrorResponse.badRequest("The file \(outside.id) is not in the folder the workflow watches")
        }
        try runOutcomes(flow.outcomes.map(\.action), on: files, principal: principal)
    }

    /// Runs a workflow's outcomes, in order, on each file, through the operations a user would
    /// call: Relay flows and Automate workflows both start this way. Every check comes first,
    /// so an outcome the caller may not run fails the start before anything changes.
    func runOutcomes(_ actions: [BoxLikeWorkflowAction], on files: [ItemRecord], principal: Principal) throws {
        for action in actions {
            try checkOutcome(action, on: files, principal: principal)
        }
        for file in files {
            for action in actions {
                // A file an earlier outcome deleted takes no further outcomes.
                guard items[file.ref].map({ !$0.isTrashed }) ?? false else { break }
                try run(action, on: file.ref, principal: principal)
            }
        }
    }

    /// Refuses an outcome the caller could not make by hand: every outcome changes the file,
    /// a move or copy needs edit rights on the destination, a task or share names users who
    /// exist, and a task's assignees can see the file.
    private func checkOutcome(_ action: BoxLikeWorkflowAction, on files: [ItemRecord], principal: Principal) throws {
        for file in files { try authorize(principal, file.ref, .editContent) }
        switch action {
        case .moveFile(let destination), .copyFile(let destination):
            _ = try folder(destination, for: principal, to: .upload)
        case .assignTask(let userIds, _):
            if let missing = userIds.first(where: { users[$0] == nil }) {
                throw ServerErrorResponse.badRequest("The workflow names user \(missing), who does not exist")
            }
            // As with a task assigned by hand, every assignee must be able to see the file.
            for file in files {
                if let outsider = userIds.first(where: { access(of: $0, to: file.ref) == nil }) {
                    throw ServerErrorResponse.badRequest("The user \(outsider) cannot access the file \(file.id) of the task")
                }
            }
        case .shareFile(let userIds, _):
            if let missing = userIds.first(where: { users[$0] == nil }) {
                throw ServerErrorResponse.badRequest("The workflow names user \(missing), who does not exist")
            }
        case .applyFileClassification(let key):
            let template = try metadataTemplate(scope: "enterprise", key: Self.classificationTemplateKey)
            let options = template.fields.first { $0.key == Self.classificationFieldKey }?.options.map(\.key) ?? []
            guard options.contains(key) else { throw ServerErrorResponse.badRequest("The classification \(key) is not defined") }
        case .addMetadata(let scope, let templateKey, _):
            _ = try metadataTemplate(scope: scope, key: templateKey)
        case .watermarkFile, .removeWatermarkFile, .lockFile, .unlockFile, .deleteFile:
            break
        }
    }

    /// Runs one outcome on one file through the operation a user would call, so its rules
    /// and events are those of that operation.
    private func run(_ action: BoxLikeWorkflowAction, on file: ItemRef, principal: Principal) throws {
        switch action {
        case .watermarkFile:
            _ = try applyWatermark(to: file, principal: principal)
        case .removeWatermarkFile:
            if items[file]?.watermark != nil { try removeWatermark(from: file, principal: principal) }
        case .lockFile:
            var update = ItemUpdate()
            update.lock = .set(expiresAt: nil, isDownloadPrevented: false)
            _ = try updateItem(file, update, principal: principal)
        case .unlockFile:
            guard items[file]?.file?.lock != nil else { return }
            var update = ItemUpdate()
            update.lock = .remove
            _ = try updateItem(file, update, principal: principal)
        case .moveFile(let destination):
            var update = ItemUpdate()
            update.parentApiId = destination
            _ = try updateItem(file, update, principal: principal)
        case .copyFile(let destination):
            _ = try copyItem(file, toParent: destination, name: nil, principal: principal)
        case .assignTask(let userIds, let message):
            let task = try createTask(fileId: file.id, action: "review", message: message, dueAt: nil, completionRule: nil, principal: principal)
            for userId in userIds { _ = try assignTask(task.task.id, userId: userId, login: nil, principal: principal) }
        case .shareFile(let userIds, let role):
            for userId in userIds {
                _ = try createCollaboration(item: file, granteeType: "user", granteeId: userId, login: nil, role: role, principal: principal)
            }
        case .applyFileClassification(let key):
            try putMetadata(
                on: file, scope: "enterprise", templateKey: Self.classificationTemplateKey,
                values: [Self.classificationFieldKey: .string(key)], principal: principal)
        case .deleteFile:
            try deleteItem(file, recursive: false, ifMatch: nil, principal: principal)
        case .addMetadata(let scope, let templateKey, let values):
            try putMetadata(on: file, scope: scope, templateKey: templateKey, values: values, principal: principal)
        }
    }

    /// A new instance with `values`, or `values` over the instance the item holds.
    private func putMetadata(on item: ItemRef, scope: String, templateKey: String, values: [String: JSONValue], principal: Principal) throws {
        if metadata[Self.metadataKey(item)]?["\(templateScope(scope))/\(templateKey)"] == nil {
            _ = try createMetadata(on: item, scope: scope, template: templateKey, values: values, principal: principal)
        } else {
            let operations: [JSONValue] = values.keys.sorted().map { field in
                ["op": "add", "path": .string("/\(field)"), "value": values[field] ?? .null]
            }
            _ = try updateMetadata(on: item, scope: scope, template: templateKey, operations: operations, principal: principal)
        }
    }

    static let classificationTemplateKey = "securityClassification-6VMVochwUWo"
    static let classificationFieldKey = "Box__Security__Classification__Key"

    private func view(_ workflow: WorkflowRecord) -> WorkflowView {
        var creators: [String: JSONValue] = [:]
        for flow in workflow.flows { creators[flow.createdBy] = userMini(flow.createdBy) }
        return WorkflowView(workflow: workflow, creators: creators)
    }
}
