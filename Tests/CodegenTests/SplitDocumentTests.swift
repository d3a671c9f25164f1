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
        let perPage = try document.components.lookup(try #require(list.parameters.first))
        #expect(perPage.name == "per_page" && perPage.description == "How many items a page holds.")
        #expect(try document.components.lookup(try #require(volumes.parameters.first)) == perPage)
        #expect(try list.parameters.map { try document.components.lookup($0).name } == ["per_page", "page"])
        let item = try #require(document.paths["/v2/droplets/{droplet_id}"]?.pathItemValue)
        #expect(try item.parameters.map { try document.components.lookup($0).name } == ["droplet_id"])
        let page = try document.components.lookup(try #require(list.responses[status: 200]))
        let header = try document.components.lookup(try #require(page.headers?["ratelimit-limit"]))
        #expect(header.description == "How many requests an hour the account may make.")
        let error = try document.components.lookup(try #require(volumes.responses[.default]))
        #expect(try document.components.lookup(try #require(error.headers?["ratelimit-limit"])) == header)
    }

    @Test("responses, request bodies, examples, links and callbacks from other files are read whole")
    func objects() throws {
        let document = try document()
        let components = document.components
        let list = try #require(document.paths["/v2/droplets"]?.pathItemValue?.get)
        let page = try components.lookup(try #require(list.responses[status: 200]))
        #expect(page.description == "The droplets on this page.")
        let media = try components.lookup(try #require(page.content[.json]))
        #expect(try components.lookup(try #require(media.examples?["two"])).summary == "Two droplets")
        #expect(try components.lookup(try #require(page.links["GetDroplet"])).description
            == "The droplet, by the id in the response.")
        #expect(try components.lookup(try #require(list.responses[.default])).description == "Something went wrong.")
        let create = try #require(document.paths["/v2/droplets"]?.pathItemValue?.post)
        let body = try components.lookup(try #require(create.requestBody))
        #expect(body.required)
        #expect(body.content[.json]?.b?.example?.value as? [String: String] == ["name": "web", "size": "s-1vcpu-1gb"])
        #expect(try components.lookup(try #require(create.callbacks["dropletReady"])).isEmpty == false)
        #expect(document.components.parameters["per_page"]?.b?.name == "per_page")
        #expect(document.components.responses["unexpected_error"]?.b?.description == "Something went wrong.")
    }

    @Test("objects from other files that components can hold become components, one per file and pointer, referenced where they are used")
    func componentsForObjectsFromOtherFiles() throws {
        let document = try document()
        let components = document.components
        #expect(components.parameters.keys.map(\.rawValue) == ["per_page", "items_per_page", "droplet_id", "page"])
        #expect(components.responses.keys.map(\.rawValue) == ["unexpected_error", "all_droplets", "droplet"])
        #expect(components.headers.keys.map(\.rawValue) == ["ratelimit-limit"])
        #expect(components.requestBodies.keys.map(\.rawValue) == ["create"])
        #expect(components.examples.keys.map(\.rawValue) == ["two_droplets"])
        #expect(components.links.keys.map(\.rawValue) == ["get_droplet"])
        #expect(components.callbacks.keys.map(\.rawValue) == ["ready"])
        let list = try #require(document.paths["/v2/droplets"]?.pathItemValue?.get)
        #expect(list.parameters.map { $0.reference?.absoluteString }
            == ["#/components/parameters/per_page", "#/components/parameters/page"])
        #expect(list.responses[.default]?.reference?.absoluteString == "#/components/responses/unexpected_error")
        let volumes = try #require(document.paths["/v2/volumes"]?.pathItemValue?.get)
        #expect(volumes.responses[status: 200]?.b?.headers?["ratelimit-limit"]?.reference?.absoluteString
            == "#/components/headers/ratelimit-limit")
        let create = try #require(document.paths["/v2/droplets"]?.pathItemValue?.post)
        #expect(create.requestBody?.reference?.absoluteString == "#/components/requestBodies/create")
        #expect(create.callbacks["dropletReady"]?.reference?.absoluteString == "#/components/callbacks/ready")
    }

    @Test("two root components referring to one object in another file each hold it (3.0 components cannot be references)")
    func rootComponentsSharingAnObject() throws {
        let components = try document().components
        let perPage = try #require(components.parameters["per_page"]?.b)
        #expect(components.parameters["items_per_page"]?.b == perPage)
    }

    @Test("warnings inside a component taken from another file name that file")
    func componentWarningLocation() throws {
        // `page` in shared/parameters.yml has an integer bound written as a float.
        let result = try TestSupport.load(root)
        #expect(result.diagnostics.contains { $0.location == "split/shared/parameters.yml#/page/schema/maximum" },
                "\(result.diagnostics)")
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
