@testable import BoxLikeServer
import BoxLikeJSON
import Foundation
import Testing

/// The pieces Doc Gen reads templates with: DEFLATE decompression and the placeholders of
/// WordprocessingML text.
@Suite("Doc Gen documents")
struct DocGenDocumentTests {
    /// Three paragraphs and a pangram, compressed by zlib (level 9, raw) into one block with
    /// dynamic Huffman codes and back-references.
    static let sentence = #"<w:p><w:r><w:t>Invoice {{ invoice.number }} for {{ customer.name }}</w:t></w:r></w:p>"#
    static let expected = String(repeating: sentence, count: 3)
        + "The quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs. 0123456789 "
    static let compressed = "d58d491283201045aff24f60e6c950eeb3cf05d4a062041441a296774f634e91cdafae7e7f603e6e13e66313c4260f35689173cc33c4ef8c9493"
        + "1937581614da0490bbde6ac94da452c9e9cf362119d4acbaf6fd49e9b3e2e89cc8dfc88cf68a821fd44eb63df440559670934e235ebabca34dc9"
        + "27476464f2c25628c4c0094d5ca1119da3d1da957d84ed6e7f389ece97eb0d5f"

    static func bytes(hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return result
    }

    @Test func aBlockWithDynamicCodesInflates() throws {
        let output = try Inflate.decompress(Self.bytes(hex: Self.compressed), limit: 1 << 20)

        #expect(String(decoding: output, as: UTF8.self) == Self.expected)
    }

    @Test func aStoredBlockInflates() throws {
        let stored: [UInt8] = [0x01, 0x05, 0x00, 0xFA, 0xFF] + Array("hello".utf8)

        #expect(try Inflate.decompress(stored, limit: 100) == Array("hello".utf8))
    }

    @Test func outputPastTheLimitIsRefused() {
        #expect(throws: Inflate.Failure.self) { try Inflate.decompress(Self.bytes(hex: Self.compressed), limit: 100) }
    }

    @Test func truncatedDataIsRefused() {
        #expect(throws: Inflate.Failure.self) { try Inflate.decompress(Array(Self.bytes(hex: Self.compressed).prefix(40)), limit: 1 << 20) }
    }

    @Test func aTagSplitOverRunsIsReplacedInTheRunWhereItStarts() {
        let xml = #"<w:p><w:r><w:t>Dear {{ na</w:t></w:r><w:r><w:rPr><w:i/></w:rPr><w:t xml:space="preserve">me }}, hi</w:t></w:r></w:p>"#

        let replaced = WordXML(bytes: Array(xml.utf8)).replacingPlaceholders { $0.inner.trimmingCharacters(in: .whitespaces) == "name" ? "Ada & Co" : nil }

        #expect(String(decoding: replaced, as: UTF8.self)
            == #"<w:p><w:r><w:t xml:space="preserve">Dear Ada &amp; Co</w:t></w:r><w:r><w:rPr><w:i/></w:rPr><w:t xml:space="preserve">, hi</w:t></w:r></w:p>"#)
    }

    @Test func aTagDoesNotSpanParagraphs() {
        let xml = #"<w:p><w:r><w:t>{{ a</w:t></w:r></w:p><w:p><w:r><w:t>b }}</w:t></w:r></w:p>"#

        #expect(WordXML(bytes: Array(xml.utf8)).placeholders().isEmpty)
    }

    @Test func tagKindsAndPathsAreReadFromTheExpression() {
        let tags = ["{{ total * 2 }}", "{{ for item in order.items }}", "{{ tablerow line in lines }}", "{{ endfor }}", "{{ a.b }}"]
            .compactMap { DocxTemplate.describe(String($0.dropFirst(2).dropLast(2)), content: $0) }

        #expect(tags.map(\.kind) == [.arithmetic, .forLoop, .tableLoop, .text])
        #expect(tags.map(\.jsonPaths) == [["total"], ["order.items"], ["lines"], ["a.b"]])
    }

    @Test func valuesAreFoundThroughObjectsAndArrays() {
        let data: JSONValue = ["order": ["items": [["name": "Engine"]]]]

        #expect(DocxTemplate.value(at: "order.items.0.name", in: data) == "Engine")
        #expect(DocxTemplate.value(at: "order.items[0].name", in: data) == "Engine")
        #expect(DocxTemplate.value(at: "order.items.1.name", in: data) == nil)
    }
}
