import BoxLikeJSON
import Foundation
import Hummingbird

/// Single-request uploads on the upload base and the preflight check on the API base.
struct UploadsRoutes: ServerArea, UploadsOperations {
    let services: ServerServices

    func preflightFileUploadCheck(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        // The spec leaves both optional for the preflight, so this stays a rule of the handler.
        guard let name = body["name"]?.stringValue, let parentId = body["parent"]?.idMember else {
            throw ServerErrorResponse.badRequest("name and parent.id are required")
        }
        _ = try await state.preflightNewFile(name: name, parentApiId: parentId, size: body["size"]?.intValue, principal: input.principal)
        let uploadURL = "\(await state.origin)/api/2.0/files/content"
        return Responses.json(["upload_url": .string(uploadURL), "upload_token": .string(TokenRegistry.randomToken(length: 16))])
    }

    func uploadFile(_ input: OperationInput) async throws -> Response {
        var parent: String?
        let upload = try await self.receive(input.request, onAttributes: { attributes in
            guard let name = attributes["name"]?.stringValue, let parentId = attributes["parent"]?.idMember else {
                throw ServerErrorResponse.badRequest("attributes must contain name and parent.id")
            }
            parent = try await state.preflightNewFile(name: name, parentApiId: parentId, size: nil, principal: input.principal).id
        })
        guard parent != nil, let name = upload.attributes["name"]?.stringValue, let parentId = upload.attributes["parent"]?.idMember else {
            throw ServerErrorResponse.badRequest("attributes must contain name and parent.id")
        }
        let file = try await state.createFile(
            name: name, parentApiId: parentId, content: upload.content,
            contentCreatedAt: upload.attributes["content_created_at"]?.stringValue.flatMap(Timestamp.parse),
            contentModifiedAt: upload.attributes["content_modified_at"]?.stringValue.flatMap(Timestamp.parse),
            description: upload.attributes["description"]?.stringValue, principal: input.principal)
        return await Responses.uploadedFile(file, for: input.principal, fields: Self.fields(input.request), state: state)
    }

    func uploadFileVersion(_ input: OperationInput) async throws -> Response {
        let fileId = try input.path("file_id")
        let current = try await state.file(fileId, for: input.principal, to: .editContent)
        try await state.checkEtag(input.header("if-match"), current: current.etag)
        let upload = try await self.receive(input.request, onAttributes: { _ in })
        let file = try await state.uploadVersion(
            fileId: fileId, content: upload.content, name: upload.attributes["name"]?.stringValue,
            ifMatch: input.header("if-match"),
            contentModifiedAt: upload.attributes["content_modified_at"]?.stringValue.flatMap(Timestamp.parse),
            principal: input.principal)
        return await Responses.uploadedFile(file, for: input.principal, fields: Self.fields(input.request), state: state)
    }

    /// Upload responses are full files unless `fields` says otherwise.
    static func fields(_ request: Request) -> FieldSelection {
        FieldSelection(query: request.query)
    }

    struct ReceivedUpload {
        var attributes: JSONValue
        var content: StoredContent
    }

    /// Streams a multipart upload: the `attributes` part (JSON, first) then the `file` part,
    /// whose bytes go straight into a ``ContentSink``; checks `Content-MD5` (hex SHA-1).
    func receive(_ request: Request, onAttributes: (JSONValue) async throws -> Void) async throws -> ReceivedUpload {
        guard let contentType = request.headers[.contentType], contentType.lowercased().hasPrefix("multipart/form-data"),
              let boundary = MultipartStream.boundary(fromContentType: contentType)
        else { throw ServerErrorResponse.badRequest("request body must be multipart/form-data with a boundary") }
        guard var parser = try? MultipartStream(boundary: boundary) else {
            throw ServerErrorResponse.badRequest("malformed multipart body: the boundary must be 1 to 70 characters")
        }
        var attributes: JSONValue?
        var attributeBytes: [UInt8] = []
        var sink: ContentSink?
        var content: StoredContent?
        var currentPart: String?
        do {
            for try await chunk in request.body {
                for event in try parser.feed(chunk) {
                    switch event {
                    case .headers(let headers):
                        currentPart = MultipartStream.partName(headers)
                        if currentPart == "file" {
                            guard attributes != nil else {
                                throw ServerErrorResponse.badRequest("the attributes part must come before the file part")
                            }
                            sink = ContentSink(
                                spillThreshold: services.configuration.contentSpillThreshold,
                                directory: services.configuration.contentSpillDirectory)
                        }
                    case .data(let bytes):
                        if currentPart == "attributes" {
                            attributeBytes.append(contentsOf: bytes.readableBytesView)
                            if attributeBytes.count > 256 * 1024 { throw ServerErrorResponse.badRequest("attributes part is too large") }
                        } else if currentPart == "file" {
                            try sink?.append(bytes)
                        }
                    case .partEnd:
                        if currentPart == "attributes" {
                            guard let parsed = try? JSONValue.parse(attributeBytes), parsed.objectValue != nil else {
                                throw ServerErrorResponse.badRequest("attributes must be a JSON object")
                            }
                            attributes = parsed
                            try await onAttributes(parsed)
                        } else if currentPart == "file", let finished = sink.take() {
                            content = try finished.finish()
                        }
                        currentPart = nil
                    }
                }
            }
        } catch let error as MultipartStream.Failure {
            if case .malformed(let reason) = error { throw ServerErrorResponse.badRequest("malformed multipart body: \(reason)") }
        }
        guard let attributes else { throw ServerErrorResponse.badRequest("the attributes part is missing") }
        guard let content else { throw ServerErrorResponse.badRequest("the file part is missing") }
        if let expected = request.header("content-md5"), !expected.isEmpty, expected.lowercased() != content.sha1 {
            throw ServerErrorResponse.badRequest("The Content-MD5 header does not match the SHA-1 of the uploaded content", code: "bad_digest")
        }
        return ReceivedUpload(attributes: attributes, content: content)
    }
}
