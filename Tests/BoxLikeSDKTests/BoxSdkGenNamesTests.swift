import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Code written for Box's Swift SDK names the types of path parameters and request bodies
/// after their operation (`GetFileMetadataByIdScope`, `UpdateFileWatermarkRequestBody`); here
/// those names reach the types this SDK shares, and the calls behave as with its own names.
@Suite("Box's Swift SDK's type names")
struct BoxSdkGenNamesTests {
    @Test func metadataCallsTakeBoxsScopeTypes() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("scoped.txt", text: "scoped", in: "0")

            _ = try await client.fileMetadata.createFileMetadataById(
                fileId: file.id, scope: CreateFileMetadataByIdScope.global, templateKey: "properties",
                requestBody: ["team": "legal"])
            let read = try await client.fileMetadata.getFileMetadataById(
                fileId: file.id, scope: GetFileMetadataByIdScope.global, templateKey: "properties")

            #expect(read.additionalProperties["team"] == "legal")
        }
    }

    @Test func metadataIsUpdatedWithBoxsOperationTypes() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("patched.txt", text: "patched", in: "0")
            _ = try await client.fileMetadata.createFileMetadataById(
                fileId: file.id, scope: .global, templateKey: "properties", requestBody: ["team": "legal"])

            _ = try await client.fileMetadata.updateFileMetadataById(
                fileId: file.id, scope: .global, templateKey: "properties",
                requestBody: [UpdateFileMetadataByIdRequestBody(op: UpdateFileMetadataByIdRequestBodyOpField.replace,
                                                                path: "/team", value: .string("finance"))])
            let read = try await client.fileMetadata.getFileMetadataById(fileId: file.id, scope: .global, templateKey: "properties")

            #expect(read.additionalProperties["team"] == "finance")
        }
    }

    @Test func aWatermarkIsAppliedWithBoxsRequestBodyTypes() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("marked.txt", text: "marked", in: "0")

            _ = try await client.fileWatermarks.updateFileWatermark(
                fileId: file.id,
                requestBody: UpdateFileWatermarkRequestBody(
                    watermark: UpdateFileWatermarkRequestBodyWatermarkField(imprint: UpdateFileWatermarkRequestBodyWatermarkImprintField.default)))
            let read = try await client.files.getFileById(fileId: file.id, queryParams: GetFileByIdQueryParams(fields: ["watermark_info"]))

            #expect(read.watermarkInfo?.isWatermarked == true)
        }
    }

    @Test func aSharedLinkIsMadeAndRemovedWithBoxsFieldTypesAndTriState() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("linked.txt", text: "linked", in: "0")

            let shared = try await client.files.updateFileById(fileId: file.id, requestBody: UpdateFileByIdRequestBody(
                sharedLink: .value(UpdateFileByIdRequestBodySharedLinkField(
                    access: UpdateFileByIdRequestBodySharedLinkAccessField.open,
                    permissions: UpdateFileByIdRequestBodySharedLinkPermissionsField(canDownload: true)))))
            #expect(shared.sharedLink?.access?.rawValue == "open")

            let removed: TriStateField<UpdateFileByIdRequestBodySharedLinkField> = .null
            _ = try await client.files.updateFileById(fileId: file.id, requestBody: UpdateFileByIdRequestBody(sharedLink: removed))
            let read = try await client.files.getFileById(fileId: file.id, queryParams: GetFileByIdQueryParams(fields: ["shared_link"]))
            #expect(read.sharedLink == nil)
        }
    }

    @Test func baseUrlsAreWrittenWithoutTheApiVersionAsBoxsAre() {
        let urls = BaseUrls()

        #expect(urls.baseUrl.absoluteString == "https://api.box.com/2.0")
        #expect(urls.uploadUrl.absoluteString == "https://upload.box.com/api/2.0")
        #expect(urls.oauth2Url.absoluteString == "https://account.box.com/api")
        #expect(urls.authorizeUrl.absoluteString == "https://account.box.com/api/oauth2/authorize")
    }

    @Test func timeoutsAreGivenInMilliseconds() {
        let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "token"))

        let limited = client.withTimeouts(config: TimeoutConfig(timeoutIntervalForRequestMs: 1_500,
                                                                timeoutIntervalForResourceMs: 20_000))

        #expect(limited.networkSession.timeouts.readIdle == .milliseconds(1_500))
        #expect(limited.networkSession.timeouts.total == .milliseconds(20_000))
        #expect(limited.networkSession.timeouts.connect == client.networkSession.timeouts.connect)
    }

    @Test func aUnionValueIsMadeUnderBoxsCaseName() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.files.getFileById(fileId: server.seed.adminUser.fileId)

            let item = Item.fileFull(file)

            guard case .fileFull(let wrapped) = item else {
                Issue.record("expected the file case, got \(item)")
                return
            }
            #expect(wrapped.id == file.id)
        }
    }
}
