import BoxLikeRuntime
import CodegenKit
import Foundation
import Testing

/// Arrays with `prefixItems` (`Fixtures/tuples.yaml`): a struct per tuple, one property per
/// element, coded as a JSON array. `GeneratedTuples/` holds the fixture's schema files as the
/// generator writes them and is compiled into this target, so the round trips below run the
/// generated code itself; the first test fails when the generator would write anything else.
/// After a deliberate change, write them again:
/// `swift run codegen --spec Tests/CodegenTests/Fixtures/tuples.yaml --output /tmp/tuples` and
/// copy `/tmp/tuples/Schemas/*.swift` here.
@Suite("Tuples (prefixItems)")
struct TupleTests {
    private static let specPath = "Tests/CodegenTests/Fixtures/tuples.yaml"

    @Test("the generator writes the checked-in tuple code, without warnings")
    func generatedCodeIsCheckedIn() throws {
        let url = try TestSupport.fixtureURL("tuples.yaml")
        let result = Generator.generate(specText: try String(contentsOf: url, encoding: .utf8), fileName: Self.specPath,
                                        fileURL: url)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let files = try #require(result.files)
        let schemas = files.filter { $0.path.hasPrefix("Schemas/") }
        #expect(schemas.map(\.path) == ["Schemas/TupleMode.swift", "Schemas/TupleStop.swift", "Schemas/TupleTrip.swift"])
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("GeneratedTuples")
        for file in schemas {
            let name = file.path.replacingOccurrences(of: "Schemas/", with: "")
            let checkedIn = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            #expect(file.contents == checkedIn, "GeneratedTuples/\(name) differs from the generator's output")
        }
    }

    @Test("the model: a tuple struct per prefixItems array, the first minItems elements required")
    func model() throws {
        let (model, diagnostics) = try TestSupport.model("tuples.yaml")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        let label = try TestSupport.structure("TupleTripLabelField", in: model)
        #expect(label.coding == .tuple)
        #expect(label.properties.map(\.name) == ["item0", "item1", "item2"])
        #expect(label.properties.map(\.type) == [.string, .int64, .string])
        #expect(label.properties.map(\.isRequired) == [true, true, false])
        #expect(label.properties.map(\.isNullable) == [false, true, false])
        #expect(label.additionalProperties == AdditionalPropertiesDeclaration(name: "additionalItems", valueType: .bool))
        // `items: false`: nothing after the named elements; `items` absent: anything.
        #expect(try TestSupport.structure("TupleTripStartField", in: model).additionalProperties == nil)
        #expect(try TestSupport.structure("TupleTripModeField", in: model).additionalProperties?.valueType == .jsonValue)
        // A component tuple keeps its name; holding itself, it is stored out of line.
        let stop = try TestSupport.structure("TupleStop", in: model)
        #expect(stop.coding == .tuple && stop.properties.map(\.isIndirect) == [false, true])
        // A tuple in a request body is not a `Nullable` holder: its elements are positions.
        #expect(!label.distinguishesNull)
        #expect(try TestSupport.structure("TupleTrip", in: model).property("none").type == .array(.jsonValue))
    }

    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    private func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("a trip decodes element by element and encodes back to the same JSON")
    func roundTrip() throws {
        let json = #"{"label":["a",null,"b",true,false],"mode":["walk",1,"x"],"none":[],"#
            + #""start":[1.5,2],"stops":[["a",["b"]]]}"#
        let trip = try decode(TupleTrip.self, json)
        #expect(trip.start.item0 == 1.5 && trip.start.item1 == 2)
        #expect(trip.label?.item0 == "a" && trip.label?.item1 == nil && trip.label?.item2 == "b")
        #expect(trip.label?.additionalItems == [true, false])
        #expect(trip.mode?.item0 == .walk && trip.mode?.additionalItems == [.integer(1), .string("x")])
        #expect(trip.stops?.first?.item0 == "a" && trip.stops?.first?.item1?.item0 == "b")
        #expect(trip.stops?.first?.item1?.item1 == nil)
        #expect(try encode(trip) == json)
    }

    @Test("optional elements may be missing from the end; one left out before a given one is sent as null")
    func optionalElements() throws {
        #expect(try encode(TupleTripLabelField(item0: "a")) == #"["a",null]"#)
        #expect(try encode(TupleTripLabelField(item0: "a", item1: 3, item2: "n")) == #"["a",3,"n"]"#)
        #expect(try encode(TupleTripLabelField(item0: "a", additionalItems: [true])) == #"["a",null,null,true]"#)
        #expect(try encode(TupleTripModeField()) == "[]")
        #expect(try encode(TupleStop(item0: "last")) == #"["last"]"#)

        let short = try decode(TupleTripLabelField.self, #"["a",7]"#)
        #expect(short.item1 == 7 && short.item2 == nil && short.additionalItems.isEmpty)
        #expect(try decode(TupleTripModeField.self, "[]").item0 == nil)
        #expect(try decode(TupleTripModeField.self, #"["fly"]"#).item0?.rawValue == "fly")
    }

    @Test("a required element must be there, and be of its type")
    func requiredElements() throws {
        #expect(throws: DecodingError.self) { try decode(TupleTripLabelField.self, #"["a"]"#) }
        #expect(throws: DecodingError.self) { try decode(TupleTripStartField.self, "[1]") }
        #expect(throws: DecodingError.self) { try decode(TupleTripStartField.self, #"[1,"north"]"#) }
        #expect(throws: DecodingError.self) { try decode(TupleTripStartField.self, #"{"0":1,"1":2}"#) }
    }
}
