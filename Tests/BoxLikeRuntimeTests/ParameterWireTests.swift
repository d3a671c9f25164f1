import Foundation
import HTTPTypes
import Testing
@testable import BoxLikeRuntime

/// What goes on the wire for styled parameters: the request head a transport receives from
/// the executor, the way generated code fills in a request description.
@Suite("Parameter styles on the wire")
struct ParameterWireTests {
    typealias RGB = ParameterStyleTests.RGB

    /// Sends `request` through an executor and returns the head the transport saw.
    private func sentHead(_ request: RequestDescription) async throws -> HTTPRequest {
        let transport = ExecutorScriptedTests.ScriptedTransport([.respond(204)])
        try await ExecutorScriptedTests.executor(transport).send(request)
        return try #require(transport.requests.first?.request)
    }

    private func request() -> RequestDescription {
        RequestDescription(operationId: "listItems", method: .get, server: "api", pathTemplate: "/items",
                           responseKind: .none)
    }

    @Test func queryStylesKeepTheirDelimitersInTheRequestTarget() async throws {
        var request = request()
        try request.query.add("ids", [1, 2], style: .form, explode: true)
        try request.query.add("tags", ["a", "b"], style: .form, explode: false)
        try request.query.add("words", ["x", "z"], style: .spaceDelimited, explode: false)
        try request.query.add("codes", [3, 4], style: .pipeDelimited, explode: false)
        try request.query.add("color", RGB(), style: .deepObject, explode: true)
        try request.query.addJSON("filter", ["kind": "upload"])
        let head = try await sentHead(request)
        #expect(head.path == "/items?ids=1&ids=2&tags=a,b&words=x%20z&codes=3%7C4"
            + "&color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150&filter=%7B%22kind%22%3A%22upload%22%7D")
    }

    @Test func anExplodedFormObjectBecomesTopLevelPairs() async throws {
        var request = request()
        try request.query.add("color", RGB(), style: .form, explode: true)
        #expect(try await sentHead(request).path == "/items?R=100&G=200&B=150")
    }

    @Test func headerAndCookieParametersArriveAsOneHeaderEach() async throws {
        var request = request()
        try request.setHeader("X-Dimensions", RGB(), explode: true)
        try request.setJSONHeader("X-Context", ["step": 1])
        try request.addCookie("session", "s1", explode: true)
        try request.addCookie("ids", [1, 2], explode: false)
        let head = try await sentHead(request)
        #expect(head.headerFields[HTTPField.Name("X-Dimensions")!] == "R=100,G=200,B=150")
        #expect(head.headerFields[HTTPField.Name("X-Context")!] == #"{"step":1}"#)
        #expect(head.headerFields[.cookie] == "session=s1; ids=1,2")
    }
}
