import BoxLikeSDK
import Foundation

/// Uploads `text` as a file named `name` into folder `parentId`, the way Box's documentation
/// uploads a small file: `uploads.uploadFile` with an `InputStream`.
func uploadText(_ client: BoxClient, name: String, text: String = "hello", parentId: String = "0") async throws -> FileFull {
    let attributes = UploadFileRequestBodyAttributesField(
        name: name, parent: UploadFileRequestBodyAttributesParentField(id: parentId))
    let files = try await client.uploads.uploadFile(
        requestBody: UploadFileRequestBody(attributes: attributes, file: InputStream(data: Data(text.utf8))))
    guard let file = files.entries?.first else { throw DropInFailure("the upload returned no file") }
    return file
}

/// Creates a folder named `name` in `parentId`, as Box's documentation does.
func createFolder(_ client: BoxClient, name: String, parentId: String = "0") async throws -> FolderFull {
    try await client.folders.createFolder(
        requestBody: CreateFolderRequestBody(name: name, parent: CreateFolderRequestBodyParentField(id: parentId)))
}

/// A test's own failure, for a result that lacks what the test needs next.
struct DropInFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
