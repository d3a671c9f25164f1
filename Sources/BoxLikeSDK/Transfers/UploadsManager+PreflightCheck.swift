import Foundation

// Box's Swift SDK (`BoxSdkGen`) uploads with a preflight check first: the API is asked
// whether the file may go into the folder (name free, size within the user's limit, room in
// their storage) before a byte of it is sent. This is that call, under its names.

/// The query parameters of ``UploadsManager/uploadWithPreflightCheck(requestBody:queryParams:headers:)``.
public typealias UploadWithPreflightCheckQueryParams = UploadFileQueryParams
/// The headers of ``UploadsManager/uploadWithPreflightCheck(requestBody:queryParams:headers:)``.
public typealias UploadWithPreflightCheckHeaders = UploadFileHeaders

/// What ``UploadsManager/uploadWithPreflightCheck(requestBody:queryParams:headers:)`` uploads.
public struct UploadWithPreflightCheckRequestBody: Sendable {
    /// The new file's name, folder and size, checked before the upload.
    public var attributes: UploadWithPreflightCheckRequestBodyAttributesField
    /// The content.
    public var file: ByteSource
    /// The file name the multipart part carries; the attributes' name when `nil`.
    public var fileFileName: String?
    /// The content type the multipart part carries.
    public var fileContentType: String?

    /// An upload of `file`.
    public init(attributes: UploadWithPreflightCheckRequestBodyAttributesField, file: ByteSource,
                fileFileName: String? = nil, fileContentType: String? = nil) {
        self.attributes = attributes
        self.file = file
        self.fileFileName = fileFileName
        self.fileContentType = fileContentType
    }

    /// An upload of what `file` holds, as Box's SDK takes it: the stream is read whole here
    /// (into memory), so give a large file as a `ByteSource.file(at:)` instead.
    ///
    /// - Throws: `BoxSDKError` of kind `BoxSDKError.Kind.invalidArgument` when the stream
    ///   cannot be read.
    public init(attributes: UploadWithPreflightCheckRequestBodyAttributesField, file: InputStream,
                fileFileName: String? = nil, fileContentType: String? = nil) throws {
        self.init(attributes: attributes, file: .bytes(try ChunkedUploadsManager.readAll(file)),
                  fileFileName: fileFileName, fileContentType: fileContentType)
    }
}

/// The new file's name, folder, size and dates.
public struct UploadWithPreflightCheckRequestBodyAttributesField: Sendable {
    /// The name, unique in the folder.
    public var name: String
    /// The folder it goes into.
    public var parent: UploadWithPreflightCheckRequestBodyAttributesParentField
    /// The content's size in bytes, checked against the user's upload limit and free space.
    public var size: Int64
    /// When the content was made, if not now.
    public var contentCreatedAt: Date?
    /// When the content was last changed, if not now.
    public var contentModifiedAt: Date?

    /// Attributes of a new file.
    public init(name: String, parent: UploadWithPreflightCheckRequestBodyAttributesParentField, size: Int64,
                contentCreatedAt: Date? = nil, contentModifiedAt: Date? = nil) {
        self.name = name
        self.parent = parent
        self.size = size
        self.contentCreatedAt = contentCreatedAt
        self.contentModifiedAt = contentModifiedAt
    }
}

/// The folder a new file goes into.
public struct UploadWithPreflightCheckRequestBodyAttributesParentField: Sendable {
    /// The folder's ID (`0` is the user's root).
    public var id: String

    /// A folder by ID.
    public init(id: String) {
        self.id = id
    }
}

extension UploadsManager {
    /// Asks the API whether the file may be uploaded (`OPTIONS /files/content`) and, if so,
    /// uploads it (`POST /files/content`). A refusal (a name in use, a file too large, no
    /// room left) is thrown as the preflight's `BoxAPIError` and nothing is sent.
    ///
    /// ```swift
    /// let files = try await client.uploads.uploadWithPreflightCheck(requestBody: UploadWithPreflightCheckRequestBody(
    ///     attributes: UploadWithPreflightCheckRequestBodyAttributesField(
    ///         name: "notes.txt", parent: UploadWithPreflightCheckRequestBodyAttributesParentField(id: "0"), size: 5),
    ///     file: .bytes(Array("hello".utf8))))
    /// ```
    public func uploadWithPreflightCheck(
        requestBody: UploadWithPreflightCheckRequestBody,
        queryParams: UploadWithPreflightCheckQueryParams = UploadWithPreflightCheckQueryParams(),
        headers: UploadWithPreflightCheckHeaders = UploadWithPreflightCheckHeaders()
    ) async throws -> Files {
        let attributes = requestBody.attributes
        _ = try await preflightFileUploadCheck(requestBody: PreflightFileUploadCheckRequestBody(
            name: attributes.name, size: attributes.size,
            parent: PreflightFileUploadCheckRequestBodyParentField(id: attributes.parent.id)))
        return try await uploadFile(
            requestBody: UploadFileRequestBody(
                attributes: UploadFileRequestBodyAttributesField(
                    name: attributes.name, parent: UploadFileRequestBodyAttributesParentField(id: attributes.parent.id),
                    contentCreatedAt: attributes.contentCreatedAt, contentModifiedAt: attributes.contentModifiedAt),
                file: requestBody.file, fileFileName: requestBody.fileFileName ?? attributes.name,
                fileContentType: requestBody.fileContentType),
            queryParams: queryParams, headers: headers)
    }
}
