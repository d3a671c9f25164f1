@testable import CodegenKit
import OpenAPIKit
import Testing

/// `Fixtures/split`: a 3.0 root document whose texts (`info.description`, a tag's
/// description, an operation's description from Markdown), `x-` extensions, paths,
/// parameters, responses, headers, request bodies, examples, links and callbacks are `$ref`s
/// to other files, several folders deep, with `../` references and shared files used
/// from several places.
@Suite("Stage 1: a document split into many files")
struct SplitDocumentTests {
    private let root = "split/openapi.yaml"

    private func document() throws -> OpenAPI.Document {
        let result = try TestSupport.load(root)
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
        return try #require(result.document, "\(result.diagnostics)")
    }

    @Test("texts referenced from info, tags and operations are read in their place, also from Markdown")
    func texts() throws {
        let document = try document()
        #expect(document.info.description == "# Introduction\nThe split cloud API manages droplets and volumes.\n")
        #expect(document.tags?.map(\.description) == ["A droplet is a virtual machine.",
                                                        "Block storage that can be attached to a droplet.\n"])
        let list = try #require(document.paths["/v2/droplets"]?.pathItemValue?.get)
        #expect(list.description == "Lists the droplets of the account, a page at a time.")
        let volumes = try #require(document.paths["/v2/volumes"]?.pathItemValue?.get)
        #expect(volumes.description == "Block storage that can be attached to a droplet.\n")
    }

    @Test("x- extensions hold what their references point to, references inside them resolved against their own file")
    func extensions() throws {
        // OpenAPIKit does not keep extensions for the generator; the bundled tree shows them.
        let url = try TestSupport.fixtureURL(root)
        var tree = try SpecFile.read(url, displayName: root)
        let bundler = ExternalReferenceBundler(rootURL: url, rootDisplayName: root)
        bundler.bundle(&tree)
        #expect(bundler.diagnostics.diagnostics.isEmpty, "\(bundler.diagnostics.diagnostics)")
        #expect(tree.value(at: ["info", "x-logo", "url"]) == .string("https://example.com/logo.png"))
        #expect(tree.value(at: ["x-tagGroups", "0", "name"]) == .string("Compute"))
        #expect(tree.value(at: ["x-tagGroups", "0", "tags", "1"]) == .string("Volumes"))
        #expect(tree.value(at: ["paths", "/v2/droplets", "get", "x-codeSamples", "0", "source"])
            == .string("curl -H \"Authorization: Bearer $TOKEN\" https://api.example.com/v2/droplets"))
    }

    @Test("parameters and headers from a shared file are the same in every operation that refers to them")
    func sharedParametersAndHeaders() throws {
        let document = try document()
        let list = try #require(document.paths["/v2/droplets"]?.pathItemValue?.get)
        let volumes = try #require(document.paths["/v2/volumes"]?.pathItemValue?.get)
        let perPage = try #require(list.parameters.first?.b)
        #expect(perPage.name == "per_page" && perPage.description == "How many items a page holds.")
        #expect(volumes.parameters.first?.b == perPage)
        #expect(list.parameters.compactMap(\.b).map(\.name) == ["per_page", "page"])
        let item = try #require(document.paths["/v2/droplets/{droplet_id}"]?.pathItemValue)
        #expect(item.parameters.first?.b?.name == "droplet_id")
        let header = try #require(list.responses[status: 200]?.b?.headers?["ratelimit-limit"]?.b)
        #expect(header.description == "How many requests an hour the account may make.")
        let errorHeader = volumes.responses[.default]?.b?.headers?["ratelimit-limit"]?.b
        #expect(errorHeader == header)
    }

    @Test("responses, request bodies, examples, links and callbacks from other files are read in their place")
    func objects() throws {
        let document = try document()
        let list = try #require(document.paths["/v2/droplets"]?.pathItemValue?.get)
        let page = try #require(list.responses[status: 200]?.b)
        #expect(page.description == "The droplets on this page.")
        #expect(page.content[.json]?.b?.examples?["two"]?.b?.summary == "Two droplets")
        #expect(page.links["GetDroplet"]?.b?.description == "The droplet, by the id in the response.")
        #expect(list.responses[.default]?.b?.description == "Something went wrong.")
        let create = try #require(document.paths["/v2/droplets"]?.pathItemValue?.post)
        let body = try #require(create.requestBody?.b)
        #expect(body.required)
        #expect(body.content[.json]?.b?.example?.value as? [String: String] == ["name": "web", "size": "s-1vcpu-1gb"])
        #expect(create.callbacks["dropletReady"]?.b?.isEmpty == false)
        #expect(document.components.parameters["per_page"]?.b?.name == "per_page")
        #expect(document.components.responses["unexpected_error"]?.b?.description == "Something went wrong.")
    }

    @Test("schemas from shared files become one component each, named after their file")
    func schemas() throws {
        let document = try document()
        let names = document.components.schemas.keys.map(\.rawValue)
        #expect(names.sorted() == ["droplet", "droplet_create", "error", "size"])
        let size = try #require(document.components.schemas["size"])
        #expect(size.description == "The slug of a size, such as `s-1vcpu-1gb`.")
    }

    @Test("the split document generates, and the same way twice")
    func generates() throws {
        let first = try TestSupport.generate(root)
        let second = try TestSupport.generate(root)
        #expect(first.files == second.files)
        let managers = try #require(first.files).map(\.path).filter { $0.hasPrefix("Managers/") }
        #expect(managers == ["Managers/DropletsManager.swift", "Managers/VolumesManager.swift"])
    }
}
