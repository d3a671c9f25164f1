import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Comments and replies on files through `comments`.
@Suite("Comments against the server")
struct EndToEndCommentsTests {
    @Test func aCommentIsAddedToAFileAndListed() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let file = try await client.makeFile("draft.txt", text: "draft", in: folder.id)

            let comment = try await client.comments.createComment(requestBody: CreateCommentRequestBody(
                message: "Looks good", item: CreateCommentRequestBodyItemField(id: file.id, type: .file)))

            #expect(comment.message == "Looks good")
            #expect(comment.isReplyComment == false)
            #expect(comment.createdBy?.id == server.seed.adminUser.id)
            #expect(comment.item?.id == file.id)
            let listed = try await client.comments.getFileComments(fileId: file.id)
            #expect(listed.totalCount == 1)
            #expect(listed.entries?.map(\.id) == [comment.id])
        }
    }

    @Test func aReplyPointsAtTheCommentItAnswers() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("a.txt", text: "a", in: try await client.makeFolder().id)
            let first = try await client.comments.createComment(requestBody: CreateCommentRequestBody(
                message: "Question?", item: CreateCommentRequestBodyItemField(id: file.id, type: .file)))

            let reply = try await client.comments.createComment(requestBody: CreateCommentRequestBody(
                message: "Answer.", item: CreateCommentRequestBodyItemField(id: first.id, type: .comment)))

            #expect(reply.isReplyComment == true)
            #expect(reply.item?.id == first.id)
            #expect(reply.item?.type.rawValue == "comment")
            let listed = try await client.comments.getFileComments(fileId: file.id).entries ?? []
            #expect(listed.map(\.id) == [first.id, reply.id])
        }
    }

    @Test func aTaggedMessageIsReadAsPlainTextWithTheMention() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("a.txt", text: "a", in: try await client.makeFolder().id)
            let mentioned = server.seed.appUsers[0]

            let comment = try await client.comments.createComment(requestBody: CreateCommentRequestBody(
                message: "ignored", item: CreateCommentRequestBodyItemField(id: file.id, type: .file),
                taggedMessage: "@[\(mentioned.id):\(mentioned.name)] please look"))

            #expect(comment.taggedMessage == "@[\(mentioned.id):\(mentioned.name)] please look")
            #expect(comment.message == "@\(mentioned.name) please look")
        }
    }

    @Test func theAuthorChangesTheText() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("a.txt", text: "a", in: try await client.makeFolder().id)
            let comment = try await client.comments.createComment(requestBody: CreateCommentRequestBody(
                message: "tpyo", item: CreateCommentRequestBodyItemField(id: file.id, type: .file)))

            _ = try await client.comments.updateCommentById(
                commentId: comment.id, requestBody: UpdateCommentByIdRequestBody(message: "typo"))

            #expect(try await client.comments.getCommentById(commentId: comment.id).message == "typo")
        }
    }

    @Test func someoneElseCannotChangeAComment() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let otherId = server.seed.appUsers[0].id
            let (other, _) = try await server.developerTokenClient(userId: otherId)
            let folder = try await admin.makeFolder()
            try await admin.collaborate(userId: otherId, on: folder.id, role: .editor)
            let file = try await admin.makeFile("a.txt", text: "a", in: folder.id)
            let comment = try await admin.comments.createComment(requestBody: CreateCommentRequestBody(
                message: "mine", item: CreateCommentRequestBodyItemField(id: file.id, type: .file)))

            let error = await #expect(throws: BoxAPIError.self) {
                try await other.comments.updateCommentById(commentId: comment.id, requestBody: UpdateCommentByIdRequestBody(message: "theirs"))
            }

            #expect(error?.status == 403)
            #expect(try await admin.comments.getCommentById(commentId: comment.id).message == "mine")
        }
    }

    @Test func aCollaboratorCommentsAndTheOwnerDeletesItWithItsReplies() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let viewerId = server.seed.appUsers[0].id
            let (viewer, _) = try await server.developerTokenClient(userId: viewerId)
            let folder = try await admin.makeFolder()
            try await admin.collaborate(userId: viewerId, on: folder.id, role: .viewer)
            let file = try await admin.makeFile("a.txt", text: "a", in: folder.id)
            let comment = try await viewer.comments.createComment(requestBody: CreateCommentRequestBody(
                message: "from a viewer", item: CreateCommentRequestBodyItemField(id: file.id, type: .file)))
            _ = try await admin.comments.createComment(requestBody: CreateCommentRequestBody(
                message: "a reply", item: CreateCommentRequestBodyItemField(id: comment.id, type: .comment)))

            try await admin.comments.deleteCommentById(commentId: comment.id)

            #expect(try await admin.comments.getFileComments(fileId: file.id).entries?.isEmpty == true)
            let error = await #expect(throws: BoxAPIError.self) { try await admin.comments.getCommentById(commentId: comment.id) }
            #expect(error?.status == 404)
        }
    }

    @Test func commentsOfAFileTheCallerCannotSeeAreNotFound() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (stranger, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let file = try await admin.makeFile("private.txt", text: "p", in: try await admin.makeFolder().id)
            let comment = try await admin.comments.createComment(requestBody: CreateCommentRequestBody(
                message: "secret", item: CreateCommentRequestBodyItemField(id: file.id, type: .file)))

            let listError = await #expect(throws: BoxAPIError.self) { try await stranger.comments.getFileComments(fileId: file.id) }
            let getError = await #expect(throws: BoxAPIError.self) { try await stranger.comments.getCommentById(commentId: comment.id) }
            let createError = await #expect(throws: BoxAPIError.self) {
                try await stranger.comments.createComment(requestBody: CreateCommentRequestBody(
                    message: "hi", item: CreateCommentRequestBodyItemField(id: file.id, type: .file)))
            }

            #expect(listError?.status == 404)
            #expect(getError?.status == 404)
            #expect(createError?.status == 404)
            #expect(try await admin.comments.getFileComments(fileId: file.id).entries?.count == 1)
        }
    }

    @Test func theCommentListPagesByOffset() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("a.txt", text: "a", in: try await client.makeFolder().id)
            var created: [String] = []
            for index in 0..<5 {
                created.append(try await client.comments.createComment(requestBody: CreateCommentRequestBody(
                    message: "comment \(index)", item: CreateCommentRequestBodyItemField(id: file.id, type: .file))).id)
            }

            var seen: [String] = []
            for try await comment in client.comments.getFileCommentsSequence(fileId: file.id, queryParams: GetFileCommentsQueryParams(limit: 2)) {
                seen.append(comment.id)
            }

            #expect(seen == created)
        }
    }
}
