import BoxLikeJSON
import Foundation

/// Box Relay workflows with a manual-start trigger. Box builds workflows in its web app, so the
/// server seeds one (``seedWorkflow(folderId:ownerId:)``); the API lists a folder's workflows
/// and starts a flow on files in that folder, running its outcomes (``BoxLikeWorkflowAction``).
extension WorkflowsState {
    private var storedWorkflows: [String: WorkflowRecord] {
        get { self.workflows }
        set { self.workflows = newValue }
    }

    /// Seeds "Watermark for review" on a folder: one manually started flow watermarking the files.
    @discardableResult
    mutating func seedWorkflow(core: isolated ServerState, folderId: String, ownerId: String) -> WorkflowRecord {
        makeWorkflow(core: core,
            name: "Watermark for review", description: "Watermarks the files it is started on.", folderId: folderId,
            ownerId: ownerId, outcomes: [("Watermark the files", .watermarkFile)])
    }

    /// A workflow on a folder with one manually started flow running `outcomes` in order, as a
    /// user builds it in Box's web app (Box offers no API for it).
    mutating func makeWorkflow(core: isolated ServerState, name: String, description: String, folderId: String, ownerId: String,
                      outcomes: [(name: String, action: BoxLikeWorkflowAction)]) -> WorkflowRecord {
        let flow = WorkflowRecord.Flow(
            id: core.newId(), outcomes: outcomes.map { .init(id: core.newId(), name: $0.name, action: $0.action) },
            createdBy: ownerId, createdAt: core.currentTime)
        let workflow = WorkflowRecord(id: core.newId(), name: name, description: description, folderId: folderId, flows: [flow])
        storedWorkflows[workflow.id] = workflow
        return workflow
    }

    /// ``makeWorkflow(core: core, name:description:folderId:ownerId:outcomes:)`` on a folder given by API id,
    /// owned by the folder's owner; the admin logs record it as Box records a workflow built
    /// in its web app (`WORKFLOW_AUTOMATION_CREATE`).
    mutating func makeWorkflow(core: isolated ServerState, name: String, folderApiId: String, actions: [BoxLikeWorkflowAction]) throws -> WorkflowRecord {
        guard let folder = core.items[.folder(folderApiId)], !folder.isRoot, !core.isInTrash(folder.ref) else {
            throw ServerErrorResponse.notFound("folder")
        }
        let workflow = makeWorkflow(core: core,
            name: name, description: "", folderId: folder.id, ownerId: folder.ownerId,
            outcomes: actions.map { ($0.defaultName, $0) })
        core.recordEvent("WORKFLOW_AUTOMATION_CREATE", by: folder.ownerId, source: folder.ref, enterpriseOnly: true)
        return workflow
    }

    mutating func workflows(core: isolated ServerState, onFolder folderApiId: String, triggerType: String?, principal: Principal) throws -> [WorkflowView] {
        let folder = try core.folder(folderApiId, for: principal)
        return storedWorkflows.values.filter { workflow in
            workflow.folderId == folder.id && (triggerType.map { type in workflow.flows.contains { $0.triggerType == type } } ?? true)
        }.sorted { $0.id < $1.id }.map { view(core: core, $0) }
    }

    /// Starts a flow of the workflow on files of the folder it watches and runs its outcomes on them.
    mutating func startWorkflow(core: isolated ServerState, _ id: String, flowId: String, folderId folderApiId: String, fileIds: [String], principal: Principal) throws {
        guard let workflow = storedWorkflows[id], (try? core.item(.folder(workflow.folderId), for: principal)) != nil else {
            throw ServerErrorResponse.notFound("workflow")
        }
        guard workflow.isEnabled else { throw ServerErrorResponse.forbidden("The workflow is not enabled", code: "workflow_not_enabled") }
        guard let flow = workflow.flows.first(where: { $0.id == flowId }) else {
            throw ServerErrorResponse.badRequest("flow.id names no flow of the workflow")
        }
        guard flow.triggerType == "WORKFLOW_MANUAL_START" else { throw ServerErrorResponse.badRequest("The flow is not started by hand") }
        let folder = try core.folder(folderApiId, for: principal)
        guard folder.id == workflow.folderId else { throw ServerErrorResponse.badRequest("folder.id is not the folder the workflow watches") }
        guard !fileIds.isEmpty else { throw ServerErrorResponse.badRequest("files must name at least one file") }
        let files = try fileIds.map { try core.file($0, for: principal) }
        if let outside = files.first(where: { $0.parentId != workflow.folderId }) {
            throw ServerErrorResponse.badRequest("The file \(outside.id) is not in the folder the workflow watches")
        }
        try runOutcomes(core: core, flow.outcomes.map(\.action), on: files, principal: principal)
    }

    /// Runs a workflow's outcomes, in order, on each file, through the operations a user would
    /// call: Relay flows and Automate workflows both start this way. Every check comes first,
    /// so an outcome the caller may not run fails the start before anything changes.
    mutating func runOutcomes(core: isolated ServerState, _ actions: [BoxLikeWorkflowAction], on files: [ItemRecord], principal: Principal) throws {
        for action in actions {
            try checkOutcome(core: core, action, on: files, principal: principal)
        }
        for file in files {
            for action in actions {
                // A file an earlier outcome deleted takes no further outcomes.
                guard core.items[file.ref].map({ !$0.isTrashed }) ?? false else { break }
                try run(core: core, action, on: file.ref, principal: principal)
            }
        }
    }

    /// Refuses an outcome the caller could not make by hand: every outcome changes the file,
    /// a move or copy needs edit rights on the destination, a task or share names users who
    /// exist, and a task's assignees can see the file.
    private mutating func checkOutcome(core: isolated ServerState, _ action: BoxLikeWorkflowAction, on files: [ItemRecord], principal: Principal) throws {
        for file in files { try core.authorize(principal, file.ref, .editContent) }
        switch action {
        case .moveFile(let destination), .copyFile(let destination):
            _ = try core.folder(destination, for: principal, to: .upload)
        case .assignTask(let userIds, _):
            if let missing = userIds.first(where: { core.users[$0] == nil }) {
                throw ServerErrorResponse.badRequest("The workflow names user \(missing), who does not exist")
            }
            // As with a task assigned by hand, every assignee must be able to see the file.
            for file in files {
                if let outsider = userIds.first(where: { core.access(of: $0, to: file.ref) == nil }) {
                    throw ServerErrorResponse.badRequest("The user \(outsider) cannot access the file \(file.id) of the task")
                }
            }
        case .shareFile(let userIds, _):
            if let missing = userIds.first(where: { core.users[$0] == nil }) {
                throw ServerErrorResponse.badRequest("The workflow names user \(missing), who does not exist")
            }
        case .applyFileClassification(let key):
            let template = try core.metadataTemplate(scope: "enterprise", key: ServerState.classificationTemplateKey)
            let options = template.fields.first { $0.key == ServerState.classificationFieldKey }?.options.map(\.key) ?? []
            guard options.contains(key) else { throw ServerErrorResponse.badRequest("The classification \(key) is not defined") }
        case .addMetadata(let scope, let templateKey, _):
            _ = try core.metadataTemplate(scope: scope, key: templateKey)
        case .watermarkFile, .removeWatermarkFile, .lockFile, .unlockFile, .deleteFile:
            break
        }
    }

    /// Runs one outcome on one file through the operation a user would call, so its rules
    /// and events are those of that operation.
    private mutating func run(core: isolated ServerState, _ action: BoxLikeWorkflowAction, on file: ItemRef, principal: Principal) throws {
        switch action {
        case .watermarkFile:
            _ = try core.applyWatermark(to: file, principal: principal)
        case .removeWatermarkFile:
            if core.items[file]?.watermark != nil { try core.removeWatermark(from: file, principal: principal) }
        case .lockFile:
            var update = ItemUpdate()
            update.lock = .set(expiresAt: nil, isDownloadPrevented: false)
            _ = try core.updateItem(file, update, principal: principal)
        case .unlockFile:
            guard core.items[file]?.file?.lock != nil else { return }
            var update = ItemUpdate()
            update.lock = .remove
            _ = try core.updateItem(file, update, principal: principal)
        case .moveFile(let destination):
            var update = ItemUpdate()
            update.parentApiId = destination
            _ = try core.updateItem(file, update, principal: principal)
        case .copyFile(let destination):
            _ = try core.copyItem(file, toParent: destination, name: nil, principal: principal)
        case .assignTask(let userIds, let message):
            let task = try core[area: TasksState.self].createTask(core: core, fileId: file.id, action: "review", message: message, dueAt: nil, completionRule: nil, principal: principal)
            for userId in userIds { _ = try core[area: TasksState.self].assignTask(core: core, task.task.id, userId: userId, login: nil, principal: principal) }
        case .shareFile(let userIds, let role):
            for userId in userIds {
                _ = try core.createCollaboration(item: file, granteeType: "user", granteeId: userId, login: nil, role: role, principal: principal)
            }
        case .applyFileClassification(let key):
            try putMetadata(core: core,
                on: file, scope: "enterprise", templateKey: ServerState.classificationTemplateKey,
                values: [ServerState.classificationFieldKey: .string(key)], principal: principal)
        case .deleteFile:
            try core.deleteItem(file, recursive: false, ifMatch: nil, principal: principal)
        case .addMetadata(let scope, let templateKey, let values):
            try putMetadata(core: core, on: file, scope: scope, templateKey: templateKey, values: values, principal: principal)
        }
    }

    /// A new instance with `values`, or `values` over the instance the item holds.
    private mutating func putMetadata(core: isolated ServerState, on item: ItemRef, scope: String, templateKey: String, values: [String: JSONValue], principal: Principal) throws {
        if core.metadata[ServerState.metadataKey(item)]?["\(core.templateScope(scope))/\(templateKey)"] == nil {
            _ = try core.createMetadata(on: item, scope: scope, template: templateKey, values: values, principal: principal)
        } else {
            let operations: [JSONValue] = values.keys.sorted().map { field in
                ["op": "add", "path": .string("/\(field)"), "value": values[field] ?? .null]
            }
            _ = try core.updateMetadata(on: item, scope: scope, template: templateKey, operations: operations, principal: principal)
        }
    }


    private mutating func view(core: isolated ServerState, _ workflow: WorkflowRecord) -> WorkflowView {
        var creators: [String: JSONValue] = [:]
        for flow in workflow.flows { creators[flow.createdBy] = core.userMini(flow.createdBy) }
        return WorkflowView(workflow: workflow, creators: creators)
    }
}
