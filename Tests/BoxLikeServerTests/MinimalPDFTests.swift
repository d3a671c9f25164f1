import Foundation
import Testing
@testable import BoxLikeServer

/// The PDF Doc Gen writes for `output_type: pdf`: a file PDF readers open (a cross-reference
/// table whose offsets point at its objects) showing the document's lines.
@Suite("Doc Gen PDF output")
struct MinimalPDFTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func everyCrossReferenceOffsetPointsAtItsObject() throws {
        let bytes = MinimalPDF.document(lines: ["Dear Ada,", "Thanks (again)."], createdAt: Self.date)
        let text = String(decoding: bytes, as: UTF8.self)
        let startxref = try #require(text.range(of: "startxref\n"))
        let xrefOffset = try #require(Int(text[startxref.upperBound...].prefix { $0.isNumber }))

        let table = String(decoding: bytes[xrefOffset...], as: UTF8.self).split(separator: "\n")
        #expect(table.first == "xref")
        let offsets = table.dropFirst(3).prefix { $0.hasSuffix(" n ") }.compactMap { Int($0.prefix(10)) }
        #expect(offsets.count == 6)
        for (index, offset) in offsets.enumerated() {
            #expect(String(decoding: bytes[offset..<(offset + 8)], as: UTF8.self).hasPrefix("\(index + 1) 0 obj"))
        }
        #expect(text.contains("(Thanks \\(again\\).) Tj"))
        #expect(text.contains("/CreationDate (D:20231114221320Z)"))
    }

    @Test func longLinesWrapAtSpacesAndManyLinesMakeMorePages() {
        let long = Array(repeating: "word", count: 40).joined(separator: " ")
        let bytes = MinimalPDF.document(lines: Array(repeating: long, count: 40), createdAt: Self.date)
        let text = String(decoding: bytes, as: UTF8.self)

        #expect(MinimalPDF.wrap(long).allSatisfy { $0.count <= MinimalPDF.charactersPerLine })
        #expect(MinimalPDF.wrap(long).joined(separator: " ") == long)
        #expect(text.contains("/Count 2"))
    }
}
