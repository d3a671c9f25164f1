import Foundation
import HTTPTypes
import Testing
@testable import BoxLikeRuntime

/// The OpenAPI 3.1 "Style Examples" table, row by row, with the spec's `color` parameter:
/// `["blue", "black", "brown"]` as an array and `{"R": 100, "G": 200, "B": 150}` as an object.
@Suite("Parameter styles")
struct ParameterStyleTests {
    struct RGB: Encodable, Sendable {
        var R = 100
        var G = 200
        var B = 150
    }

    struct Filter: Encodable, Sendable {
        struct Size: Encodable, Sendable {
            var min: Int?
            var max: Int?
        }

        var owner: String?
        var createdAfter: Date?
        var size: Size?

        enum CodingKeys: String, CodingKey {
            case owner
            case createdAfter = "created_after"
            case size
        }
    }

    static let colors = ["blue", "black", "brown"]

    private func query(_ build: (inout QueryParameters) throws -> Void) rethrows -> String {
        var query = QueryParameters()
        try build(&query)
        return query.encoded
    }

    @Test func formArrayNotExplodedJoinsValuesWithLiteralCommas() throws {
        #expect(try query { try $0.add("color", Self.colors, style: .form, explode: false) } == "color=blue,black,brown")
    }

    @Test func formArrayExplodedRepeatsTheName() throws {
        #expect(try query { try $0.add("color", Self.colors, style: .form, explode: true) }
            == "color=blue&color=black&color=brown")
    }

    @Test func formObjectNotExplodedListsKeysAndValuesUnderTheName() throws {
        #expect(try query { try $0.add("color", RGB(), style: .form, explode: false) } == "color=R,100,G,200,B,150")
    }

    @Test func formObjectExplodedSendsEachMemberAsItsOwnPair() throws {
        #expect(try query { try $0.add("color", RGB(), style: .form, explode: true) } == "R=100&G=200&B=150")
    }

    @Test func spaceDelimitedSeparatesWithEncodedSpaces() throws {
        #expect(try query { try $0.add("color", Self.colors, style: .spaceDelimited, explode: false) }
            == "color=blue%20black%20brown")
        #expect(try query { try $0.add("color", RGB(), style: .spaceDelimited, explode: false) }
            == "color=R%20100%20G%20200%20B%20150")
    }

    @Test func pipeDelimitedSeparatesWithEncodedPipes() throws {
        #expect(try query { try $0.add("color", Self.colors, style: .pipeDelimited, explode: false) }
            == "color=blue%7Cblack%7Cbrown")
        #expect(try query { try $0.add("color", RGB(), style: .pipeDelimited, explode: false) }
            == "color=R%7C100%7CG%7C200%7CB%7C150")
    }

    @Test func deepObjectNamesEachMemberInBrackets() throws {
        #expect(try query { try $0.add("color", RGB(), style: .deepObject, explode: true) }
            == "color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150")
    }

    @Test func deepObjectNestsObjectsAndSkipsAbsentMembers() throws {
        let filter = Filter(owner: "ann", createdAfter: Date(timeIntervalSince1970: 0), size: .init(min: 1, max: nil))
        #expect(try query { try $0.add("filter", filter, style: .deepObject, explode: true) }
            == "filter%5Bowner%5D=ann&filter%5Bcreated_after%5D=1970-01-01T00%3A00%3A00Z&filter%5Bsize%5D%5Bmin%5D=1")
    }

    @Test func dictionaryMembersGoOutInKeyOrder() throws {
        let labels = ["zeta": "1", "alpha": "2", "mid": "3"]
        #expect(try query { try $0.add("labels", labels, style: .deepObject, explode: true) }
            == "labels%5Balpha%5D=2&labels%5Bmid%5D=3&labels%5Bzeta%5D=1")
    }

    @Test func delimitersInsideValuesAreEscapedSoTheyCannotSplitAValue() throws {
        #expect(try query { try $0.add("q", ["a,b", "c|d", "e f"], style: .form, explode: false) }
            == "q=a%2Cb,c%7Cd,e%20f")
    }

    @Test func anEmptyStringIsSentAsAnEmptyValue() throws {
        #expect(try query { try $0.add("color", "", style: .form, explode: true) } == "color=")
    }

    @Test func emptyArraysAndNilAreLeftOut() throws {
        #expect(try query {
            try $0.add("color", [String](), style: .form, explode: false)
            try $0.add("shade", nil as RGB?, style: .deepObject, explode: true)
        } == "")
    }

    @Test func plainArraysKeepLiteralCommaDelimiters() {
        var query = QueryParameters()
        query.add("fields", ["name", "a,b"])
        #expect(query.encoded == "fields=name,a%2Cb")
        #expect(query["fields"] == "name,a,b")
    }

    @Test func jsonContentInTheQueryIsTheValuesCompactJSONPercentEncoded() throws {
        #expect(try query { try $0.addJSON("filter", ["kind": "upload"]) } == "filter=%7B%22kind%22%3A%22upload%22%7D")
    }

    @Test func headersUseSimpleStyle() throws {
        var request = RequestDescription(operationId: "op", method: .get, server: "api", pathTemplate: "/")
        try request.setHeader("X-Colors", Self.colors, explode: false)
        try request.setHeader("X-RGB", RGB(), explode: false)
        try request.setHeader("X-RGB-Exploded", RGB(), explode: true)
        try request.setHeader("X-Missing", nil as RGB?, explode: false)
        #expect(request.headers[HTTPField.Name("X-Colors")!] == "blue,black,brown")
        #expect(request.headers[HTTPField.Name("X-RGB")!] == "R,100,G,200,B,150")
        #expect(request.headers[HTTPField.Name("X-RGB-Exploded")!] == "R=100,G=200,B=150")
        #expect(request.headers[HTTPField.Name("X-Missing")!] == nil)
    }

    @Test func aJSONHeaderCarriesTheCompactJSONText() throws {
        var request = RequestDescription(operationId: "op", method: .get, server: "api", pathTemplate: "/")
        try request.setJSONHeader("X-Context", RGB())
        #expect(request.headers[HTTPField.Name("X-Context")!] == #"{"B":150,"G":200,"R":100}"#)
    }

    @Test func cookiesAreFormPairsSeparatedBySemicolons() throws {
        var request = RequestDescription(operationId: "op", method: .get, server: "api", pathTemplate: "/")
        try request.addCookie("session", "a b", explode: true)
        try request.addCookie("ids", [1, 2], explode: false)
        try request.addCookie("tags", ["x", "y"], explode: true)
        try request.addCookie("prefs", RGB(), explode: true)
        #expect(request.headers[.cookie] == "session=a%20b; ids=1,2; tags=x; tags=y; R=100; G=200; B=150")
    }

    @Test func cookieStyleSendsValuesWithoutPercentEncoding() throws {
        var request = RequestDescription(operationId: "op", method: .get, server: "api", pathTemplate: "/")
        try request.addCookie("greeting", "hello/world", style: .cookie, explode: true)
        #expect(request.headers[.cookie] == "greeting=hello/world")
    }

    @Test func aJSONCookieIsPercentEncodedJSON() throws {
        var request = RequestDescription(operationId: "op", method: .get, server: "api", pathTemplate: "/")
        try request.addJSONCookie("state", ["step": 2])
        #expect(request.headers[.cookie] == "state=%7B%22step%22%3A2%7D")
    }
}
