import BoxLikeSDK
import Foundation

/// Small builders for the content-lifecycle tests: a fresh folder, a file with given text,
/// a web link, all made through the SDK so each test starts from what a user could do.
extension BoxClient {
    /// A new folder with a unique name in `parentId` (the root by default).
    func makeFolder(_ prefix: String = "folder", in parentId: String = "0") async throws -> FolderFull {
        try await self.folders.createFolder(requestBody: CreateFolderRequestBody(
            name: "\(prefix)-\(UUID().uuidString.prefix(8))", parent: CreateFolderRequestBodyParentField(id: parentId)))
    }

    /// A new file holding `text`.
    func makeFile(_ name: String, text: String, in parentId: String) async throws -> FileFull {
        let files = try await self.uploads.uploadFile(.bytes(Array(text.utf8)), name: name, parentFolderId: parentId)
        guard let file = files.entries?.first else { throw FixtureError.missing("uploaded file") }
        return file
    }

    /// Uploads `text` as a new version of a file, keeping its name.
    func uploadVersion(of fileId: String, text: String, ifMatch: String? = nil) async throws -> FileFull {
        let name = try await self.files.getFileById(fileId: fileId).name ?? ""
        let files = try await self.uploads.uploadFileVersion(
            fileId: fileId,
            requestBody: UploadFileVersionRequestBody(
                attributes: UploadFileVersionRequestBodyAttributesField(name: name), file: .bytes(Array(text.utf8))),
            headers: UploadFileVersionHeaders(ifMatch: ifMatch))
        guard let file = files.entries?.first else { throw FixtureError.missing("file with its new version") }
        return file
    }

    /// The whole current (or given) version of a file as text.
    func text(ofFile fileId: String, version: String? = nil) async throws -> String {
        let bytes = try await self.downloads.downloadFile(fileId: fileId, version: version, progress: nil).collect(upTo: 1 << 20)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A new web link to `url` in `parentId`.
    func makeWebLink(_ name: String, url: String = "https://example.com/page", in parentId: String) async throws -> WebLink {
        try await self.webLinks.createWebLink(requestBody: CreateWebLinkRequestBody(
            url: url, parent: CreateWebLinkRequestBodyParentField(id: parentId), name: name))
    }

    /// Gives `userId` a `role` on a folder.
    func collaborate(userId: String, on folderId: String, role: CollaborationRole) async throws {
        _ = try await self.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
            item: CreateCollaborationRequestBodyItemField(type: .folder, id: folderId),
            accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, id: userId), role: role))
    }

    /// The names of the items in a folder.
    func names(in folderId: String) async throws -> [String] {
        (try await self.folders.getFolderItems(folderId: folderId).entries ?? []).map(\.name)
    }
}

/// A name shared by every kind of item in a listing or the trash.
extension Item {
    var name: String {
        switch self {
        case .fileFull(let file): file.name ?? ""
        case .folderMini(let folder): folder.name ?? ""
        case .webLink(let link): link.name ?? ""
        case .unknown: ""
        }
    }
}

/// The name of a file or folder a metadata query found.
extension MetadataQueryResultItem {
    var name: String {
        switch self {
        case .fileFull(let file): file.name ?? ""
        case .folderFull(let folder): folder.name ?? ""
        case .unknown: ""
        }
    }
}

extension Item {
    /// `type/id`, to compare entries of the trash.
    var key: String {
        switch self {
        case .fileFull(let file): "file/\(file.id)"
        case .folderMini(let folder): "folder/\(folder.id)"
        case .webLink(let link): "web_link/\(link.id)"
        case .unknown: "unknown"
        }
    }
}

enum FixtureError: Error {
    case missing(String)
}
