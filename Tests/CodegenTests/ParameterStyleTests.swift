import CodegenKit
import Testing

/// One fixture per parameter construct (`Fixtures/params/`): the model records where the
/// parameter goes and how it is laid out, and the manager hands it to the runtime's builder.
@Suite("Parameter styles")
struct ParameterStyleTests {
    private func parameters(_ fixture: String, _ method: String = "listItems") throws -> [String: ParameterModel] {
        let (model, _) = try TestSupport.model("params/\(fixture).yaml")
        let operation = try TestSupport.operation(method, in: model)
        let all = (operation.query?.parameters ?? []) + operation.headers.parameters
        return Dictionary(uniqueKeysWithValues: all.map { ($0.wireName, $0) })
    }

    private func manager(_ fixture: String) throws -> String {
        let result = try TestSupport.generate("params/\(fixture).yaml")
        let files = try #require(result.files)
        return try #require(files.first { $0.path.hasPrefix("Managers/") }).contents
    }

    private func warnings(_ fixture: String) throws -> [String] {
        try TestSupport.model("params/\(fixture).yaml").1.filter { $0.severity == .warning }.map(\.description)
    }

    @Test("form arrays keep the plain query call, repeating the name only when exploded")
    func formArrays() throws {
        let parameters = try parameters("form-arrays")
        #expect(parameters["ids"]?.serialization == .plain)
        #expect(parameters["ids"]?.explode == true)
        #expect(parameters["tags"]?.explode == false)
        let manager = try manager("form-arrays")
        #expect(manager.contains(#"request.query.add("ids", queryParams.ids, explode: true)"#))
        #expect(manager.contains(#"request.query.add("tags", queryParams.tags)"#))
    }

    @Test("form objects are typed structs laid out by the runtime, exploded or not")
    func formObjects() throws {
        let parameters = try parameters("form-objects", "findColor")
        #expect(parameters["color"]?.type == .named("Rgb"))
        #expect(parameters["color"]?.serialization == .styled(.form))
        #expect(parameters["shade"]?.type == .named("FindColorQueryParamsShadeField"))
        let manager = try manager("form-objects")
        #expect(manager.contains(#"try request.query.add("color", queryParams.color, style: .form, explode: true)"#))
        #expect(manager.contains(#"try request.query.add("shade", queryParams.shade, style: .form, explode: false)"#))
        #expect(manager.contains("public var color: Rgb\n"))
    }

    @Test("deepObject parameters are structs or dictionaries, sent with the deepObject style")
    func deepObject() throws {
        let parameters = try parameters("deep-object", "search")
        #expect(parameters["filter"]?.serialization == .styled(.deepObject))
        #expect(parameters["labels"]?.type == .dictionary(.string))
        #expect(parameters["labels"]?.serialization == .styled(.deepObject))
        let manager = try manager("deep-object")
        #expect(manager.contains(#"try request.query.add("filter", queryParams.filter, style: .deepObject, explode: true)"#))
        #expect(manager.contains(#"try request.query.add("labels", queryParams.labels, style: .deepObject, explode: false)"#))
    }

    @Test("spaceDelimited and pipeDelimited arrays and objects name their style")
    func delimited() throws {
        let parameters = try parameters("delimited")
        #expect(parameters["words"]?.serialization == .styled(.spaceDelimited))
        #expect(parameters["codes"]?.serialization == .styled(.pipeDelimited))
        #expect(parameters["point"]?.serialization == .styled(.pipeDelimited))
        let manager = try manager("delimited")
        #expect(manager.contains(#"try request.query.add("words", queryParams.words, style: .spaceDelimited, explode: false)"#))
        #expect(manager.contains(#"try request.query.add("codes", queryParams.codes, style: .pipeDelimited, explode: false)"#))
    }

    @Test("query parameters with JSON content are typed from the media type's schema and sent as JSON")
    func jsonQuery() throws {
        let parameters = try parameters("json-query", "listEvents")
        #expect(parameters["filter"]?.serialization == .json)
        #expect(parameters["filter"]?.isRequired == true)
        #expect(parameters["filter"]?.type == .named("ListEventsQueryParamsFilterField"))
        #expect(parameters["page"]?.serialization == .json, "`+json` media types are JSON too")
        #expect(parameters["report"] == nil)
        #expect(try warnings("json-query").contains {
            $0.contains("/parameters/2") && $0.contains("other than JSON") && $0.contains("parameter `report` skipped")
        })
        let manager = try manager("json-query")
        #expect(manager.contains(#"try request.query.addJSON("filter", queryParams.filter)"#))
    }

    @Test("header parameters use simple style: plain scalars and arrays, objects through the runtime")
    func headers() throws {
        let parameters = try parameters("headers")
        #expect(parameters["X-Request-Id"]?.serialization == .plain)
        #expect(parameters["X-Ids"]?.serialization == .plain)
        #expect(parameters["X-Dimensions"]?.serialization == .styled(.simple))
        #expect(parameters["X-Dimensions-Exploded"]?.explode == true)
        #expect(parameters["X-Context"]?.serialization == .json)
        #expect(parameters.values.allSatisfy { $0.location == .header })
        let manager = try manager("headers")
        #expect(manager.contains(#"request.setHeader("X-Request-Id", headers.xRequestId)"#))
        #expect(manager.contains(#"request.setHeader("X-Ids", headers.xIds?.queryParameterStrings.joined(separator: ","))"#))
        #expect(manager.contains(#"try request.setHeader("X-Dimensions", headers.xDimensions, explode: false)"#))
        #expect(manager.contains(#"try request.setHeader("X-Dimensions-Exploded", headers.xDimensionsExploded, explode: true)"#))
        #expect(manager.contains(#"try request.setJSONHeader("X-Context", headers.xContext)"#))
    }

    @Test("cookie parameters are declared with the headers and added to the Cookie header in form style")
    func cookies() throws {
        let parameters = try parameters("cookies")
        #expect(parameters.values.allSatisfy { $0.location == .cookie })
        #expect(parameters["session"]?.serialization == .styled(.form))
        #expect(parameters["session"]?.isRequired == true)
        #expect(parameters["state"]?.serialization == .json)
        let manager = try manager("cookies")
        #expect(manager.contains(#"try request.addCookie("session", headers.session, explode: true)"#))
        #expect(manager.contains(#"try request.addCookie("ids", headers.ids, explode: false)"#))
        #expect(manager.contains(#"try request.addCookie("prefs", headers.prefs, explode: true)"#))
        #expect(manager.contains(#"try request.addJSONCookie("state", headers.state)"#))
        #expect(manager.contains("public struct ListItemsHeaders: Sendable {"))
    }
}
