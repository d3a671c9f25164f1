import BoxLikeRuntime
import Foundation

// Box's Swift SDK takes request content as a Foundation `InputStream`. These initializers and
// the part upload take one beside this SDK's `ByteSource` (files, bytes, async sequences),
// which stays the faster way: a stream is read on demand in chunks, once.

extension UploadFileRequestBody {
    /// The attributes and content of a new file, the content read from `file` once.
    public init(attributes: UploadFileRequestBodyAttributesField, file: InputStream,
                fileFileName: String? = nil, fileContentType: String? = nil) {
        self.init(attributes: attributes, file: ByteSource(InputStreamChunks(file), length: nil),
                  fileFileName: fileFileName, fileContentType: fileContentType)
    }
}

extension UploadFileVersionRequestBody {
    /// The attributes and content of a new version, the content read from `file` once.
    public init(attributes: UploadFileVersionRequestBodyAttributesField, file: InputStream,
                fileFileName: String? = nil, fileContentType: String? = nil) {
        self.init(attributes: attributes, file: ByteSource(InputStreamChunks(file), length: nil),
                  fileFileName: fileFileName, fileContentType: fileContentType)
    }
}

extension CreateUserAvatarRequestBody {
    /// An avatar image read from `pic` once.
    public init(pic: InputStream, picFileName: String? = nil, picContentType: String? = nil) {
        self.init(pic: ByteSource(InputStreamChunks(pic), length: nil), picFileName: picFileName,
                  picContentType: picContentType)
    }
}

extension ChunkedUploadsManager {
    /// Uploads one part of an upload session read from `requestBody` once (its length is the
    /// one `headers.contentRange` names). Left out of the documentation, where
    /// `uploadFilePart(uploadSessionId:requestBody:headers:)` names the generated method.
    @_documentation(visibility: internal)
    public func uploadFilePart(uploadSessionId: String, requestBody: InputStream,
                               headers: UploadFilePartHeaders) async throws -> UploadedPart {
        try await uploadFilePart(uploadSessionId: uploadSessionId,
                                 requestBody: ByteSource(InputStreamChunks(requestBody),
                                                         length: Self.partLength(contentRange: headers.contentRange)),
                                 headers: headers)
    }

    /// The number of bytes `bytes <first>-<last>/<total>` names, or `nil` for anything else.
    static func partLength(contentRange: String) -> Int64? {
        guard contentRange.hasPrefix("bytes ") else { return nil }
        let range = contentRange.dropFirst("bytes ".count).split(separator: "/").first ?? ""
        let bounds = range.split(separator: "-")
        guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), last >= first else { return nil }
        return last - first + 1
    }
}
