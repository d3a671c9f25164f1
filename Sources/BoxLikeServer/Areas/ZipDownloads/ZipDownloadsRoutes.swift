import BoxLikeJSON
import HTTPTypes
import Hummingbird

/// `POST /2.0/zip_downloads`, the archive's content and its status.
struct ZipDownloadsRoutes: ServerArea, ZipDownloadsOperations {
    let services: ServerServices

    func createZipDownload(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let list = try body.required("items", as: [JSONValue].self)
        let items = try list.map { entry -> (type: String, id: String) in
            guard let type = entry["type"]?.stringValue, let id = entry.idMember else {
                throw ServerErrorResponse.badRequest("each item needs type and id")
            }
            return (type, id)
        }
        let (record, conflicts) = try await state.withArea(ZipDownloadsState.self) { area, core in try area.createZipDownload(core: core, items: items, principal: input.principal) }
        let base = "\(await state.origin)/2.0/zip_downloads/\(record.id)"
        return Responses.json([
            "download_url": .string(base + "/content"), "status_url": .string(base + "/status"),
            "expires_at": Timestamp.json(record.expiresAt), "name_conflicts": .array(conflicts.map(JSONValue.array)),
        ], status: .accepted)
    }

    func getZipDownloadContent(_ input: OperationInput) async throws -> Response {
        let id = try input.path("zip_download_id")
        let record = try await state.withArea(ZipDownloadsState.self) { area, core in try area.startZipDownload(core: core, id, userId: input.principal.userId) }
        let archive: ZipArchive
        do {
            archive = try await ZipArchive.make(record.entries)
        } catch is ZipArchive.TooLarge {
            await state.withArea(ZipDownloadsState.self) { area, core in area.finishZipDownload(core: core, id, succeeded: false) }
            throw ServerErrorResponse.badRequest("The archive would be larger than 4 GiB or hold more than 65,535 items",
                                                 code: "zip_download_too_large")
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/zip"
        headers[.contentLength] = String(archive.length)
        let body = ResponseBody(contentLength: archive.length) { writer in
            do {
                try await archive.write({ chunk in try await writer.write(chunk) }, fileDone: { await state.withArea(ZipDownloadsState.self) { area, core in area.zipFileDownloaded(core: core, id) } })
                try await writer.finish(nil)
                await state.withArea(ZipDownloadsState.self) { area, core in area.finishZipDownload(core: core, id, succeeded: true) }
            } catch {
                await state.withArea(ZipDownloadsState.self) { area, core in area.finishZipDownload(core: core, id, succeeded: false) }
                throw error
            }
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    func getZipDownloadStatus(_ input: OperationInput) async throws -> Response {
        let record = try await state.withArea(ZipDownloadsState.self) { area, core in try area.zipDownload(core: core, try input.path("zip_download_id"), principal: input.principal) }
        return Responses.json(ZipDownloadRepresentation.status(record))
    }
}
