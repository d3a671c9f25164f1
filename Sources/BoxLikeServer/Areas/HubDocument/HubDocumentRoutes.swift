import BoxLikeJSON
import Hummingbird

/// `GET /2.0/hub_document_pages` and `GET /2.0/hub_document_blocks` (Box API 2025.0).
struct HubDocumentRoutes: ServerArea, HubDocumentOperations {
    let services: ServerServices

    func getHubDocumentPagesV2025R0(_ input: OperationInput) async throws -> Response {
        let hubId = try input.request.requiredQuery("hub_id")
        let pages = try await state.hubDocumentPages(hubId: hubId, principal: input.principal)
        let paging = try Paging(query: input.query, allowMarker: true, forceMarker: true)
        return Responses.json(HubDocumentRepresentation.list(paging.page(pages, render: HubDocumentRepresentation.page), type: "document_pages"))
    }

    func getHubDocumentBlocksV2025R0(_ input: OperationInput) async throws -> Response {
        let hubId = try input.request.requiredQuery("hub_id")
        let pageId = try input.request.requiredQuery("page_id")
        let blocks = try await state.hubDocumentBlocks(hubId: hubId, pageId: pageId, principal: input.principal)
        let paging = try Paging(query: input.query, allowMarker: true, forceMarker: true)
        return Responses.json(HubDocumentRepresentation.list(paging.page(blocks, render: HubDocumentRepresentation.block), type: "document_blocks"))
    }
}
