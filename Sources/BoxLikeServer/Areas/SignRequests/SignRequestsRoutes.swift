import BoxLikeJSON
import Foundation
import Hummingbird
import NIOCore

/// `/2.0/sign_requests...`: Box Sign requests, and the signing pages their links open
/// (`/sign/{token}`), which need no bearer token, as a signer follows an emailed link.
struct SignRequestsRoutes: ServerArea, SignRequestsOperations {
    let services: ServerServices

    func createSignRequest(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let view = try await state.withArea(SignRequestsState.self) { area, core in try area.createSignRequest(core: core, body, principal: input.principal) }
        return Responses.json(SignRequestRepresentation.render(view), status: .created)
    }

    func getSignRequests(_ input: OperationInput) async throws -> Response {
        let query = input.query
        let paging = try Paging(query: query, defaultLimit: 10, maximumLimit: 1000, forceMarker: true)
        let senders = FormData.parse(input.request.uri.query ?? "").filter { $0.0 == "senders" }
            .flatMap { $0.1.split(separator: ",").map(String.init) }
        let views = try await state.withArea(SignRequestsState.self) { area, core in try area.signRequests(core: core,
            senders: senders, sharedRequests: QueryFlag.isTrue(input.query["shared_requests"]), principal: input.principal) }
        return Responses.json(paging.page(views, render: SignRequestRepresentation.render))
    }

    func getSignRequestById(_ input: OperationInput) async throws -> Response {
        let view = try await state.withArea(SignRequestsState.self) { area, core in try area.signRequest(core: core, try input.path("sign_request_id"), principal: input.principal) }
        return Responses.json(SignRequestRepresentation.render(view))
    }

    func cancelSignRequest(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let view = try await state.withArea(SignRequestsState.self) { area, core in try area.cancelSignRequest(core: core,
            try input.path("sign_request_id"), reason: body["reason"]?.stringValue, principal: input.principal) }
        return Responses.json(SignRequestRepresentation.render(view))
    }

    func resendSignRequest(_ input: OperationInput) async throws -> Response {
        try await state.withArea(SignRequestsState.self) { area, core in try area.resendSignRequest(core: core, try input.path("sign_request_id"), principal: input.principal) }
        return Responses.empty(.accepted)
    }

    /// Registers the pages this area serves outside the API (no bearer token).
    func registerPages(on router: BoxRouter) {
        // The sender's preparation page, the request's `prepare_url`; its link is the secret.
        router.get("/sign/prepare/:token") { _, context in
            let token = try context.pathParameter("token")
            return try await Self.signingAnswer(token: token) {
                .html(SignRequestRepresentation.preparationPage(try await state.withArea(SignRequestsState.self) { area, core in try area.viewPreparation(core: core, token: token) }, token: token))
            }
        }
        router.post("/sign/prepare/:token/send") { _, context in
            let token = try context.pathParameter("token")
            return try await Self.signingAnswer(token: token) {
                .html(SignRequestRepresentation.preparationPage(
                    try await state.withArea(SignRequestsState.self) { area, core in try area.sendPrepared(core: core, token: token) }, token: token, message: "The request was sent to its signers."))
            }
        }

        router.get("/sign/:token") { _, context in
            let token = try context.pathParameter("token")
            return try await Self.signingAnswer(token: token) {
                .html(SignRequestRepresentation.page(try await state.withArea(SignRequestsState.self) { area, core in try area.viewSigningPage(core: core, token: token) }, token: token))
            }
        }
        router.post("/sign/:token/sign") { request, context in
            let token = try context.pathParameter("token")
            let form = try await Self.form(request)
            return try await Self.signingAnswer(token: token) {
                let page = try await state.withArea(SignRequestsState.self) { area, core in try area.sign(core: core, token: token, proof: SignerProof(form: form)) }
                if let redirect = page.signer.redirectUrl ?? page.request.redirectUrl { return .redirect(redirect) }
                return .html(SignRequestRepresentation.page(page, token: token, message: "Thank you, you have signed."))
            }
        }
        router.post("/sign/:token/decline") { request, context in
            let token = try context.pathParameter("token")
            let form = try await Self.form(request)
            return try await Self.signingAnswer(token: token) {
                let page = try await state.withArea(SignRequestsState.self) { area, core in try area.decline(core: core, token: token, proof: SignerProof(form: form), reason: form["reason"]) }
                if let redirect = page.signer.declinedRedirectUrl ?? page.request.declinedRedirectUrl { return .redirect(redirect) }
                return .html(SignRequestRepresentation.page(page, token: token, message: "You have declined to sign."))
            }
        }
    }

    private static func form(_ request: Request) async throws -> [String: String] {
        var request = request
        let body = try await request.collectBody(upTo: 64 * 1024)
        return FormData.dictionary(String(buffer: body))
    }

    /// The HTML answer of a signing page, or a page saying what went wrong with the error's status.
    private static func signingAnswer(token: String, _ body: () async throws -> PageOutcome) async throws -> Response {
        do {
            switch try await body() {
            case .html(let text): return Responses.html(text)
            case .redirect(let location): return Responses.redirect(to: location)
            }
        } catch let error as ServerErrorResponse {
            return Responses.html(
                "<!doctype html><html><body><p id=\"error\" data-code=\"\(error.code)\">\(error.message)</p></body></html>",
                status: error.status)
        }
    }
}

/// What a signing page answers: a page, or the redirect the request asked for.
enum PageOutcome {
    case html(String)
    case redirect(String)
}
