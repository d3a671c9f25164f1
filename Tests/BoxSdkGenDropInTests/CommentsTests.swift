import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.comments`, as Box's documentation uses it.
@Suite("Drop-in: comments")
struct CommentsTests {
    @Test func aCommentIsMadeRepliedToEditedListedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await uploadText(client, name: "review.txt")

            let newComment = try await client.comments.createComment(requestBody: CreateCommentRequestBody(
                message: "Hello there", item: CreateCommentRequestBodyItemField(id: file.id, type: CreateCommentRequestBodyItemTypeField.file)))
            #expect(newComment.message == "Hello there")
            #expect(newComment.isReplyComment == false)

            let newReplyComment = try await client.comments.createComment(
                requestBody: CreateCommentRequestBody(
                    message: "Hello back", item: CreateCommentRequestBodyItemField(id: newComment.id, type: CreateCommentRequestBodyItemTypeField.comment)),
                queryParams: CreateCommentQueryParams(fields: ["message", "is_reply_comment"]))
            #expect(newReplyComment.isReplyComment == true)

            let updatedComment = try await client.comments.updateCommentById(
                commentId: newReplyComment.id, requestBody: UpdateCommentByIdRequestBody(message: "Hello back again"))
            #expect(updatedComment.message == "Hello back again")

            let comments = try await client.comments.getFileComments(fileId: file.id)
            #expect(comments.totalCount == 2)
            #expect(comments.entries?.map(\.id) == [newComment.id, newReplyComment.id])

            let receivedComment = try await client.comments.getCommentById(commentId: newComment.id)
            #expect(receivedComment.message == newComment.message)

            try await client.comments.deleteCommentById(commentId: newComment.id)
            let error = await #expect(throws: BoxAPIError.self) { try await client.comments.getCommentById(commentId: newComment.id) }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }
}
