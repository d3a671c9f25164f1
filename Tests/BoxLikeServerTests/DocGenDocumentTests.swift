@testable import BoxLikeServer
import BoxLikeJSON
import Foundation
import Testing

/// The pieces Doc Gen reads templates with: the placeholders of WordprocessingML text (the
/// zip archive around them is read by ZIPFoundation; its limits are in ``DocxLimitsTests``).
@Suite("Doc Gen documents")
struct DocGenDocumentTests {
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
