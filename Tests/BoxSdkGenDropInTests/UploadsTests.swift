import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.uploads`, as Box's documentation uses it.
@Suite("Drop-in: uploads")
struct UploadsTests {
    @Test func aFileIsUploadedFromAStringAndThenGetsANewVersion() async throws {
        try await withLocalBox { box in
            let client = box.client
            let stringContent: String = "File content from String"
            let data: Data = try #require(stringContent.data(using: .utf8))
            let stream: InputStream = InputStream(data: data)

            let requestBody = UploadFileRequestBody(
                attributes: UploadFileRequestBodyAttributesField(
                    name: "filename.txt",
                    parent: UploadFileRequestBodyAttributesParentField(id: "0")
                ),
                file: stream
            )
            let files = try await client.uploads.uploadFile(requestBody: requestBody, queryParams: UploadFileQueryParams(fields: ["name", "size"]))
            let file = try #require(files.entries?.first)
            #expect(file.name == "filename.txt")
            #expect(file.size == Int64(data.count))

            let newContent = Data("A longer second version of the content".utf8)
            let newVersions = try await client.uploads.uploadFileVersion(
                fileId: file.id,
                requestBody: UploadFileVersionRequestBody(
                    attributes: UploadFileVersionRequestBodyAttributesField(name: "renamed.txt"), file: InputStream(data: newContent)))
            let newVersion = try #require(newVersions.entries?.first)
            #expect(newVersion.id == file.id)
            #expect(newVersion.name == "renamed.txt")
            #expect(try await client.files.getFileById(fileId: file.id).size == Int64(newContent.count))
        }
    }

    @Test func aNewVersionForAStaleEtagIsRefused() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await uploadText(client, name: "contract.txt", text: "first")
            _ = try await client.uploads.uploadFileVersion(
                fileId: file.id,
                requestBody: UploadFileVersionRequestBody(
                    attributes: UploadFileVersionRequestBodyAttributesField(name: "contract.txt"), file: InputStream(data: Data("second".utf8))),
                queryParams: UploadFileVersionQueryParams(fields: ["etag"]))

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.uploads.uploadFileVersion(
                    fileId: file.id,
                    requestBody: UploadFileVersionRequestBody(
                        attributes: UploadFileVersionRequestBodyAttributesField(name: "contract.txt"), file: InputStream(data: Data("third".utf8))),
                    headers: UploadFileVersionHeaders(ifMatch: file.etag))
            }
            #expect(error?.responseInfo.statusCode == 412)
        }
    }

    @Test func thePreflightCheckAcceptsAFreeNameAndRefusesATakenOne() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Inbox")
            _ = try await uploadText(client, name: "taken.txt", parentId: folder.id)

            let uploadUrl = try await client.uploads.preflightFileUploadCheck(requestBody: PreflightFileUploadCheckRequestBody(
                name: "free.txt", size: 1024 * 1024, parent: PreflightFileUploadCheckRequestBodyParentField(id: folder.id)))
            #expect(uploadUrl.uploadUrl != nil)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.uploads.preflightFileUploadCheck(requestBody: PreflightFileUploadCheckRequestBody(
                    name: "taken.txt", size: 1024, parent: PreflightFileUploadCheckRequestBodyParentField(id: folder.id)))
            }
            #expect(error?.responseInfo.statusCode == 409)
        }
    }

    @Test func anUploadWithPreflightCheckStoresTheFile() async throws {
        try await withLocalBox { box in
            let client = box.client
            let fileContentStream = InputStream(data: Data("checked before sending".utf8))

            let uploadedFiles = try await client.uploads.uploadWithPreflightCheck(requestBody: UploadWithPreflightCheckRequestBody(
                attributes: UploadWithPreflightCheckRequestBodyAttributesField(
                    name: "checked.txt", parent: UploadWithPreflightCheckRequestBodyAttributesParentField(id: "0"), size: 1024 * 1024),
                file: fileContentStream))
            let file = try #require(uploadedFiles.entries?.first)
            #expect(file.name == "checked.txt")

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.uploads.uploadWithPreflightCheck(requestBody: UploadWithPreflightCheckRequestBody(
                    attributes: UploadWithPreflightCheckRequestBodyAttributesField(
                        name: "checked.txt", parent: UploadWithPreflightCheckRequestBodyAttributesParentField(id: "0"), size: 10),
                    file: InputStream(data: Data("again".utf8))),
                    queryParams: UploadWithPreflightCheckQueryParams(fields: ["name"]))
            }
            #expect(error?.responseInfo.statusCode == 409)
        }
    }
}
