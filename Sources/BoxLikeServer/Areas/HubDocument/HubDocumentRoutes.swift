import BoxLikeJSON
import Hummingbird

/// `GET /2.0/hub_document_pages` and `GET /2.0/hub_document_blocks` (Box API 2025.0).
struct HubDocumentRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getHubDocumentPagesV2025R0, { request, _, principal in
            let hubId = try request.requiredQuery("hub_id")
            let pages = try await state.hubDocumentPages(hubId: hubId, principal: principal)
            let paging = try Paging(query: request.query, allowMarker: true, forceMarker: true)
            return Responses.json(HubDocumentRepresentation.list(paging.page(pages, render: HubDocumentRepresentation.page), type: "document_pages"))
        })
        routes.api.serve(.getHubDocumentBlocksV2025R0, { request, _, principal in
            let hubId = try request.requiredQuery("hub_id")
            let pageId = try request.requiredQuery("page_id")
            let blocks = try await state.hubDocumentBlocks(hubId: hubId, pageId: pageId, principal: principal)
            let paging = try Paging(query: request.query, allowMarker: true, forceMarker: true)
            return Responses.json(HubDocumentRepresentation.list(paging.page(blocks, render: HubDocumentRepresentation.block), type: "document_blocks"))
        })
    }
}
