import Foundation
import Testing
@testable import BoxLikeRuntime

@Suite("Query and path encoding")
struct QueryAndPathTests {
    @Test func arraysAreCommaJoinedUnlessExploded() {
        var query = QueryParameters()
        query.add("fields", ["name", "size"])
        query.add("ids", ["1", "2"], explode: true)
        #expect(query.encoded == "fields=name,size&ids=1&ids=2")
    }

    @Test func nilValuesAreLeftOut() {
        var query = QueryParameters()
        query.add("marker", nil as String?)
        query.add("limit", 10)
        #expect(query.encoded == "limit=10")
    }

    @Test func reservedCharactersInValuesAreEscaped() {
        var query = QueryParameters()
        query.add("query", "a&b=c+d é")
        #expect(query.encoded == "query=a%26b%3Dc%2Bd%20%C3%A9")
    }

    @Test func unreservedCharactersAndEmojiAreEncodedPerRFC3986() {
        var query = QueryParameters()
        query.add("fields", "AZaz09-._~")
        query.add("name", "📄 x/y")
        #expect(query.encoded == "fields=AZaz09-._~&name=%F0%9F%93%84%20x%2Fy")
    }

    @Test func pathParametersCannotChangeThePathShape() throws {
        var request = RequestDescription(operationId: "getFileById", method: .get, server: "api",
                                         pathTemplate: "/files/{file_id}/content")
        request.pathParameters["file_id"] = "../users/1?x=#y"
        #expect(try request.resolvedPath() == "/files/..%2Fusers%2F1%3Fx%3D%23y/content")
        request.pathParameters["file_id"] = ".."
        #expect(try request.resolvedPath() == "/files/%2E%2E/content")
    }

    @Test func aMissingPathParameterIsATypedError() {
        let request = RequestDescription(operationId: "getFileById", method: .get, server: "api",
                                         pathTemplate: "/files/{file_id}")
        #expect(throws: RequestDescriptionError.missingPathParameter("file_id")) {
            try request.resolvedPath()
        }
    }

    @Test func invalidHeaderNamesFromUserInputAreIgnored() {
        var request = RequestDescription(operationId: "op", method: .get, server: "api", pathTemplate: "/")
        request.setHeaders(["bad header\n": "x", "X-Good": "y", "X-Removed": nil])
        #expect(request.headers.count == 1)
    }
}
