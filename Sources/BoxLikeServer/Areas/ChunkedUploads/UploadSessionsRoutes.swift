import BoxLikeJSON
import Foundation
import Hummingbird

/// Chunked uploads: `/api/2.0/files/upload_sessions...`.
struct UploadSessionsRoutes: ServerArea, ChunkedUploadsOperations {
    let services: ServerServices

    func createFileUploadSession(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let size = try body.required("file_size", as: Int.self)
        guard size >= 0 else { throw ServerErrorResponse.badRequest("file_size must not be negative") }
        let session = try await state.withArea(ChunkedUploadsState.self) { area, core in try area.createUploadSession(core: core,
            folderApiId: body["folder_id"]?.stringValue, fileId: nil, fileName: body["file_name"]?.stringValue,
            fileSize: size, principal: input.principal) }
        return Responses.json(await Self.render(session, state: state), status: .created)
    }

    func createFileUploadSessionForExistingFile(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let size = try body.required("file_size", as: Int.self)
        guard size >= 0 else { throw ServerErrorResponse.badRequest("file_size must not be negative") }
        let session = try await state.withArea(ChunkedUploadsState.self) { area, core in try area.createUploadSession(core: core,
            folderApiId: nil, fileId: try input.path("file_id"), fileName: body["file_name"]?.stringValue,
            fileSize: size, principal: input.principal) }
        return Responses.json(await Self.render(session, state: state), status: .created)
    }

    func getFileUploadSessionById(_ input: OperationInput) async throws -> Response {
        let session = try await state.withArea(ChunkedUploadsState.self) { area, core in try area.uploadSession(core: core, try input.path("upload_session_id"), principal: input.principal) }
        return Responses.json(await Self.render(session, state: state))
    }

    func deleteFileUploadSessionById(_ input: OperationInput) async throws -> Response {
        try await state.withArea(ChunkedUploadsState.self) { area, core in try area.abortUploadSession(core: core, try input.path("upload_session_id"), principal: input.principal) }
        return Responses.empty()
    }

    func getFileUploadSessionParts(_ input: OperationInput) async throws -> Response {
        let session = try await state.withArea(ChunkedUploadsState.self) { area, core in try area.uploadSession(core: core, try input.path("upload_session_id"), principal: input.principal) }
        let parts = session.parts.values.sorted { $0.offset < $1.offset }
        return Responses.json(try Paging(query: input.query).page(parts, render: Self.render(part:)))
    }

    func uploadFilePart(_ input: OperationInput) async throws -> Response {
        let sessionId = try input.path("upload_session_id")
        guard let rangeHeader = input.request.headers[.contentRange], let range = Self.contentRange(rangeHeader) else {
            throw ServerErrorResponse(.rangeNotSatisfiable, code: "range_not_satisfiable", message: "Content-Range must be 'bytes start-end/total'")
        }
        guard let digest = input.header("digest"), let expected = Self.sha1(fromDigest: digest) else {
            throw ServerErrorResponse.badRequest("Digest must be 'sha=<base64 SHA-1>'", code: "bad_digest")
        }
        let (offset, fileSize) = try await state.withArea(ChunkedUploadsState.self) { area, core in try area.checkPartRange(core: core,
            sessionId: sessionId, start: range.start, end: range.end, total: range.total, principal: input.principal) }
        // Parts of a file that will be spilled anyway go to disk at once, so a large
        // session never holds the whole file in memory as parts.
        let spillThreshold = services.configuration.contentSpillThreshold
        var sink = ContentSink(
            spillThreshold: fileSize > spillThreshold ? 0 : spillThreshold, directory: services.configuration.contentSpillDirectory)
        let length = range.end - range.start + 1
        for try await chunk in input.request.body {
            try sink.append(chunk)
            if sink.size > length { break }
        }
        guard sink.size == length else {
            throw ServerErrorResponse(.rangeNotSatisfiable, code: "range_not_satisfiable", message: "The body length does not match Content-Range")
        }
        let content = try sink.finish()
        guard content.sha1 == expected else {
            throw ServerErrorResponse.badRequest("The Digest header does not match the SHA-1 of the part", code: "bad_digest")
        }
        let part = try await state.withArea(ChunkedUploadsState.self) { area, core in try area.storePart(core: core, sessionId: sessionId, offset: offset, content: content, principal: input.principal) }
        return Responses.json(["part": Self.render(part: part)])
    }

    func createFileUploadSessionCommit(_ input: OperationInput) async throws -> Response {
        let sessionId = try input.path("upload_session_id")
        guard let digest = input.header("digest"), let expected = Self.sha1(fromDigest: digest) else {
            throw ServerErrorResponse.badRequest("Digest must be 'sha=<base64 SHA-1>'", code: "bad_digest")
        }
        let body = try await input.json()
        let listed = try body.required("parts", as: [JSONValue].self)
        let parts = try listed.map { entry -> (id: String, offset: Int, size: Int) in
            guard let id = entry["part_id"]?.stringValue, let offset = entry["offset"]?.intValue, let size = entry["size"]?.intValue else {
                throw ServerErrorResponse.badRequest("each part needs part_id, offset and size")
            }
            return (id, offset, size)
        }
        let (session, ordered) = try await state.withArea(ChunkedUploadsState.self) { area, core in try area.partsForCommit(core: core, sessionId: sessionId, listed: parts, principal: input.principal) }
        // Concatenate into a fresh sink: the parts are dropped with the session afterwards,
        // so at most one extra copy exists while committing.
        var sink = ContentSink(
            spillThreshold: services.configuration.contentSpillThreshold, directory: services.configuration.contentSpillDirectory)
        for part in ordered {
            try await part.content.read(range: 0..<part.size) { chunk in try sink.append(chunk) }
        }
        let content = try sink.finish()
        guard content.sha1 == expected, content.size == session.fileSize else {
            throw ServerErrorResponse.badRequest("The Digest header does not match the SHA-1 of the whole file", code: "bad_digest")
        }
        let file = try await state.withArea(ChunkedUploadsState.self) { area, core in try area.finishUploadSession(core: core, sessionId, content: content, ifMatch: input.header("if-match"),
                                                       principal: input.principal) }
        return await Responses.uploadedFile(file, for: input.principal, fields: FieldSelection(query: input.query), state: state)
    }

    static func render(part: UploadSessionRecord.Part) -> JSONValue {
        ["part_id": .string(part.id), "offset": .int(part.offset), "size": .int(part.size), "sha1": .string(part.sha1)]
    }

    static func render(_ session: UploadSessionRecord, state: ServerState) async -> JSONValue {
        let base = "\(await state.origin)/api/2.0/files/upload_sessions/\(session.id)"
        return [
            "type": "upload_session", "id": .string(session.id),
            "session_expires_at": Timestamp.json(session.expiresAt), "part_size": .int(session.partSize),
            "total_parts": .int(session.totalParts), "num_parts_processed": .int(session.parts.count),
            "session_endpoints": [
                "upload_part": .string(base), "commit": .string(base + "/commit"), "abort": .string(base),
                "list_parts": .string(base + "/parts"), "status": .string(base), "log_event": .string(base + "/log"),
            ],
        ]
    }

    /// `bytes start-end/total`.
    static func contentRange(_ header: String) -> (start: Int, end: Int, total: Int)? {
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes ") else { return nil }
        let rest = text.dropFirst(6)
        let halves = rest.split(separator: "/")
        guard halves.count == 2, let total = Int(halves[1]) else { return nil }
        let bounds = halves[0].split(separator: "-")
        guard bounds.count == 2, let start = Int(bounds[0]), let end = Int(bounds[1]) else { return nil }
        return (start, end, total)
    }

    /// The hex SHA-1 from `Digest: sha=<base64>`.
    static func sha1(fromDigest header: String) -> String? {
        for entry in header.split(separator: ",") {
            let trimmed = entry.trimmingCharacters(in: .whitespaces)
            guard trimmed.lowercased().hasPrefix("sha=") else { continue }
            guard let data = Data(base64Encoded: String(trimmed.dropFirst(4))), data.count == 20 else { return nil }
            return Array(data).hexString
        }
        return nil
    }
}
