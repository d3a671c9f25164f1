import Foundation

/// A small, valid PDF 1.4 file holding lines of text, for Doc Gen's `output_type: pdf` and Box
/// Sign's prepared and signed documents: A4
/// pages in Helvetica 11 pt, a page per ``linesPerPage`` lines, long lines wrapped. It keeps
/// the document's text, not its layout (Box renders Word's layout; this server does not).
/// Characters outside Latin-1 are written as `?`, as the standard font cannot show them.
enum MinimalPDF {
    static let linesPerPage = 60
    static let charactersPerLine = 95

    /// The bytes of a PDF whose pages show `lines`, with `createdAt` as its creation date and
    /// `producer` as the program that made it.
    static func document(lines: [String], createdAt: Date, producer: String = "BoxLike Doc Gen") -> [UInt8] {
        let wrapped = lines.flatMap(wrap)
        let pages = stride(from: 0, to: max(wrapped.count, 1), by: linesPerPage).map {
            Array(wrapped[$0..<min($0 + linesPerPage, wrapped.count)])
        }
        // Objects: 1 catalog, 2 page tree, 3 font, 4 info, then a page and its content stream per page.
        let pageIds = pages.indices.map { 5 + 2 * $0 }
        var objects: [[UInt8]] = [
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [\(pageIds.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>".utf8),
            Array("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".utf8),
            Array("<< /Producer (".utf8) + escaped(producer) + Array(") /CreationDate (\(pdfDate(createdAt))) >>".utf8),
        ]
        for (index, page) in pages.enumerated() {
            let contentId = pageIds[index] + 1
            objects.append(Array(("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] "
                + "/Resources << /Font << /F1 3 0 R >> >> /Contents \(contentId) 0 R >>").utf8))
            var stream = Array("BT /F1 11 Tf 14 TL 56 780 Td\n".utf8)
            for line in page {
                stream += Array("(".utf8) + escaped(line) + Array(") Tj T*\n".utf8)
            }
            stream += Array("ET".utf8)
            objects.append(Array("<< /Length \(stream.count) >>\nstream\n".utf8) + stream + Array("\nendstream".utf8))
        }
        var output = Array("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(output.count)
            output += Array("\(index + 1) 0 obj\n".utf8) + object + Array("\nendobj\n".utf8)
        }
        let xref = output.count
        var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(repeating: "0", count: max(0, 10 - String(offset).count)) + "\(offset) 00000 n \n" }
        table += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R /Info 4 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        output += Array(table.utf8)
        return output
    }

    /// A line split into pieces that fit the page, at spaces where it can.
    static func wrap(_ line: String) -> [String] {
        var pieces: [String] = []
        var rest = Substring(line)
        while rest.count > charactersPerLine {
            let head = rest.prefix(charactersPerLine)
            let cut = head.lastIndex(of: " ").map { rest.index(after: $0) } ?? head.endIndex
            pieces.append(String(rest[..<cut]).trimmingCharacters(in: .whitespaces))
            rest = rest[cut...]
        }
        pieces.append(String(rest))
        return pieces
    }

    /// The text as a PDF literal string's bytes (Latin-1, with `\`, `(` and `)` escaped).
    static func escaped(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "(", ")":
                bytes += [UInt8(ascii: "\\"), UInt8(scalar.value)]
            case "\t":
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(scalar.value >= 32 && scalar.value < 256 && !(127..<160).contains(scalar.value)
                    ? UInt8(scalar.value) : UInt8(ascii: "?"))
            }
        }
        return bytes
    }

    private static func pdfDate(_ date: Date) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: date)
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "D:" + pad(parts.year, 4) + pad(parts.month, 2) + pad(parts.day, 2) + pad(parts.hour, 2) + pad(parts.minute, 2)
            + pad(parts.second, 2) + "Z"
    }
}
