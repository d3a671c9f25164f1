import BoxLikeJSON
import Foundation

/// Box Relay workflows with a manual-start trigger. Box builds workflows in its web app, so the
/// server seeds one (``seedWorkflow(folderId:ownerId:)``); the API lists a folder's workflows
/// and starts a flow on files in that folder, running the outcomes the server knows.
extension ServerState {
    private var storedWorkflows: [String: WorkflowRecord] {
        get { self[area: WorkflowsState.self].workflows }
        set { self[area: WorkflowsState.self].workflows = newValue }
    }

    /// Seeds "Watermark for review" on a folder: one manually started flow watermarking the files.
    @discardableResult
    func seedWorkflow(folderId: String, ownerId: String) -> WorkflowRecord {
        let flow = WorkflowRecord.Flow(
            id: newId(), outcomes: [.init(id: newId(), name: "Watermark the files", actionType: "watermark_file")],
            createdBy: ownerId, createdAt: currentTime)
        let workflow = WorkflowRecord(
            id: newId(), name: "Watermark for review", description: "Watermarks the files it is started on.",
            folderId: folderId, flows: [flow])
        storedWorkflows[workflow.id] = workflow
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
        // Every check first: an outcome the caller may not run fails the start before anything changes.
        for outcome in flow.outcomes where outcome.actionType.hasSuffix("watermark_file") {
            for file in files { try authorize(principal, file.ref, write: true) }
        }
        for file in files {
            recordEvent("WORKFLOW_MANUAL_START", by: principal.userId, source: file.ref, enterpriseOnly: true)
            for outcome in flow.outcomes {
                switch outcome.actionType {
                case "watermark_file": _ = try applyWatermark(to: file.ref, principal: principal)
                case "remove_watermark_file": if items[file.ref]?.watermark != nil { try removeWatermark(from: file.ref, principal: principal) }
                default: break
                }
            }
        }
    }

    private func view(_ workflow: WorkflowRecord) -> WorkflowView {
        var creators: [String: JSONValue] = [:]
        for flow in workflow.flows { creators[flow.createdBy] = userMini(flow.createdBy) }
        return WorkflowView(workflow: workflow, creators: creators)
    }
}
