import BoxLikeJSON
import Foundation
import Testing
import Yams
@testable import BoxLikeServer

/// How the server reads its spec at start: quickly (no regular expression per scalar, no
/// examples, no vendor extensions), and to the same values as YAML's default rules.
@Suite("Reading the spec")
struct SpecReadingTests {
    static func specText() throws -> String {
        try String(contentsOfFile: try SpecCatalog.defaultSpecPath(), encoding: .utf8)
    }

    /// The reading before the fast one: every scalar typed by Yams' default resolver.
    static func resolvedByYams(_ node: Node) -> JSONValue? {
        switch node {
        case .scalar(let scalar):
            switch node.tag.rawValue {
            case Tag.Name.null.rawValue: return .null
            case Tag.Name.bool.rawValue: return node.bool.map(JSONValue.bool)
            case Tag.Name.int.rawValue: return node.int.map(JSONValue.int)
            case Tag.Name.float.rawValue: return node.float.map(JSONValue.number)
            default: return .string(scalar.string)
            }
        case .mapping(let mapping):
            var object: [String: JSONValue] = [:]
            for (key, value) in mapping {
                guard let name = key.string, let converted = resolvedByYams(value) else { return nil }
                object[name] = converted
            }
            return .object(object)
        case .sequence(let sequence):
            let elements = sequence.compactMap(resolvedByYams)
            return elements.count == sequence.count ? .array(elements) : nil
        case .alias:
            return nil
        }
    }

    @Test func everyScalarOfTheSpecIsTypedAsYamlsDefaultRulesTypeIt() throws {
        let text = try Self.specText()
        let fast = try #require(try SpecCatalog.specJSON(text, keepingExamples: true))
        let node = try #require(try Yams.compose(yaml: text))
        let reference = try #require(Self.resolvedByYams(node))
        #expect(fast == reference)
    }

    @Test func plainScalarsAreTypedAndQuotedOnesStayStrings() throws {
        let yaml = """
            a: 12
            b: -3.5
            c: yes
            d: off
            e: ~
            f: "12"
            g: 'true'
            h: 0x1F
            i: 2024-01-01
            j: +7
            k: .5
            l: v2
            m:
            """
        let json = try #require(try SpecCatalog.specJSON(yaml))
        #expect(json == .object([
            "a": .integer(12), "b": .number(-3.5), "c": .bool(true), "d": .bool(false), "e": .null,
            "f": .string("12"), "g": .string("true"), "h": .integer(31), "i": .string("2024-01-01"),
            "j": .integer(7), "k": .number(0.5), "l": .string("v2"), "m": .null,
        ]))
    }

    @Test func examplesAreLeftOutButAPropertyNamedExampleStays() throws {
        let yaml = """
            components:
              schemas:
                Thing:
                  type: object
                  example: {name: x}
                  properties:
                    example:
                      type: string
                      example: hello
                    examples:
                      type: array
                      items: {type: string}
                  examples: [{name: y}]
            """
        let json = try #require(try SpecCatalog.specJSON(yaml))
        let thing = try #require(json["components"]?["schemas"]?["Thing"])
        #expect(thing["example"] == nil)
        #expect(thing["examples"] == nil)
        #expect(thing["properties"]?["example"] == .object(["type": .string("string")]))
        #expect(thing["properties"]?["examples"]?["type"] == .string("array"))
        #expect(try SpecCatalog.specJSON(yaml, keepingExamples: true)?["components"]?["schemas"]?["Thing"]?["example"] != nil)
    }

    @Test func theParametersThatCapAtTheirMaximumAreReadWithoutVendorExtensionDecoding() throws {
        let json = try #require(try SpecCatalog.specJSON(try Self.specText()))
        #expect(SpecCatalog.cappedParameters(in: json) == [
            SpecCatalog.capKey("/docgen_batch_jobs/{batch_id}", "get", "limit"),
            SpecCatalog.capKey("/docgen_jobs", "get", "limit"),
            SpecCatalog.capKey("/docgen_template_jobs/{template_id}", "get", "limit"),
        ])
        let catalog = try SpecCatalog.shared()
        let capped = catalog.operations.flatMap { operation in
            operation.parameters.filter(\.capsAtMaximum).map { "\(operation.id) \($0.name)" }
        }
        #expect(capped.sorted() == ["getDocgenBatchJobByIdV2025R0 limit", "getDocgenJobsV2025R0 limit",
                                    "getDocgenTemplateJobByIdV2025R0 limit"])
    }
}
