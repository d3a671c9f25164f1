import Foundation

/// The text of a stored document, for the areas that read documents (Box AI, Box Sign's
/// prepared copies): a text file as it is, a Word `.docx` as its body's paragraphs (read by
/// ZIPFoundation within ``DocxLimits``), anything else none.
enum DocumentText {
    /// The document's text, at most `limit` bytes of it; `nil` when it has none this server
    /// can read.
    static func text(of content: StoredContent, fileExtension: String, limit: Int) -> String? {
        if fileExtension.lowercased() == "docx" {
            guard let paragraphs = docxParagraphs(of: content) else { return nil }
            var text = paragraphs.joined(separator: "\n")
            if text.utf8.count > limit { text = String(decoding: text.utf8.prefix(limit), as: UTF8.self) }
            return text
        }
        return plainText(of: content, limit: limit)
    }

    /// The document's lines (a `.docx` its paragraphs), or `nil` when it has no text this
    /// server can read.
    static func paragraphs(of content: StoredContent, fileExtension: String, limit: Int = 1024 * 1024) -> [String]? {
        if fileExtension.lowercased() == "docx" { return docxParagraphs(of: content) }
        return plainText(of: content, limit: limit).map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The paragraphs of a `.docx` body, or `nil` when it is not one (or is past the limits).
    private static func docxParagraphs(of content: StoredContent) -> [String]? {
        guard content.size <= DocxLimits().maximumArchiveSize, let bytes = bytes(of: content, limit: content.size),
              let template = try? DocxTemplate(bytes: bytes) else { return nil }
        return try? template.bodyParagraphs()
    }

    /// The first `limit` bytes of a version as text (UTF-8, or Latin-1 when it is not UTF-8),
    /// or `nil` for content that is not text (it has NUL bytes).
    static func plainText(of content: StoredContent, limit: Int) -> String? {
        let length = min(content.size, limit)
        guard var bytes = bytes(of: content, limit: length) else { return nil }
        let hasNul = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { memchr($0, 0, buffer.count) != nil } ?? false
        }
        guard !hasNul else { return nil }
        // A cut in the middle of a character leaves a partial sequence at the end: drop it.
        while content.size > length, let last = bytes.last, last & 0xC0 == 0x80 || last >= 0xC0 {
            bytes.removeLast()
            if last >= 0xC0 { break }
        }
        // Text that is not UTF-8 is read as Latin-1, as a text representation of it would be.
        return String(validating: bytes, as: UTF8.self) ?? String(bytes: bytes, encoding: .isoLatin1)
    }

    /// The first `length` bytes of the content, wherever it is kept.
    private static func bytes(of content: StoredContent, limit length: Int) -> [UInt8]? {
        switch content.storage {
        case .memory(let buffer):
            return buffer.getBytes(at: buffer.readerIndex, length: min(length, buffer.readableBytes)) ?? []
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
            defer { try? handle.close() }
            return Array((try? handle.read(upToCount: length)) ?? Data())
        }
    }
}
