import CodegenKit
import CodegenTestSupport
import Testing

@Suite("Stage 2: model")
struct ModelTests {
    // MARK: Managers and operations

    @Test("operations are grouped into managers named by the tag's x-swift-name")
    func managers() throws {
        let (model, _) = try TestSupport.model("basic")
        #expect(model.managers.map(\.propertyName) == ["chunkedUploads", "`default`", "folders"])
        #expect(model.managers.map(\.typeName) == ["ChunkedUploadsManager", "DefaultManager", "FoldersManager"])
        let folders = try #require(model.managers.last)
        #expect(folders.documentation == "Folders and their items.")
    }

    @Test("operation ids become method names; operations without one are named from method and path")
    func methodNames() throws {
        let (model, _) = try TestSupport.model("basic")
        _ = try TestSupport.operation("getFolderById", in: model)
        let commit = try TestSupport.operation("createUploadSessionCommit", in: model)
        #expect(commit.operationId == "create_upload_session_commit")
        let unnamed = try TestSupport.operation("getFoldersFolderIdItems", in: model)
        #expect(unnamed.httpMethod == "get")
        #expect(unnamed.response == .none)
    }

    @Test("path-level parameters, query parameters and headers are lowered with their locations")
    func parameters() throws {
        let (model, _) = try TestSupport.model("basic")
        let operation = try TestSupport.operation("getFolderById", in: model)
        #expect(operation.pathParameters.map(\.name) == ["folderId"])
        #expect(operation.pathParameters.first?.wireName == "folder_id")
        let query = try #require(operation.query)
        #expect(query.typeName == "GetFolderByIdQueryParams")
        // Required parameters come first.
        #expect(query.parameters.map(\.name) == ["limit", "fields", "sort"])
        #expect(query.parameters[0].type == .int64 && query.parameters[0].isRequired)
        #expect(query.parameters[1].type == .array(.string) && !query.parameters[1].explode)
        #expect(query.parameters[2].type == .named("GetFolderByIdQueryParamsSortField"))
        #expect(operation.headers.typeName == "GetFolderByIdHeaders")
        #expect(operation.headers.parameters.map(\.name) == ["ifNoneMatch"])
        #expect(operation.headers.parameters.first?.wireName == "if-none-match")
    }

    @Test("servers come from x-server-id, and security: [] turns authentication off")
    func serversAndSecurity() throws {
        let (model, _) = try TestSupport.model("basic")
        #expect(try TestSupport.operation("getFolderById", in: model).serverId == "api")
        #expect(try TestSupport.operation("createUploadSessionCommit", in: model).serverId == "upload")
        #expect(try TestSupport.operation("getFolderById", in: model).requiresAuthentication)
        #expect(try !TestSupport.operation("ping", in: model).requiresAuthentication)
    }

    @Test("servers without x-server-id are named by their description")
    func serverDescription() throws {
        let (model, _) = try TestSupport.model("bodies")
        #expect(try TestSupport.operation("updateFolderById", in: model).serverId == "api")
        #expect(try TestSupport.operation("requestAccessToken", in: model).serverId == "oauth2")
    }

    @Test("servers keep their URLs with variables at their defaults; a name given two URLs keeps the first, with a warning")
    func serverURLs() throws {
        let (model, diagnostics) = try TestSupport.model("servers")
        #expect(model.servers == [ServerModel(id: "api", url: "https://eu.api.example.com/2.0"),
                                  ServerModel(id: "upload", url: "https://upload.example.com/api/2.0")])
        #expect(diagnostics.contains {
            $0.severity == .warning && $0.description.contains("/paths/~1b/get/servers/0/url")
                && $0.description.contains("server `api` has another URL, `https://eu.api.example.com/2.0`")
        }, "\(diagnostics)")
    }

    // MARK: Schemas

    @Test("component names lose separators; properties are camel case with their wire names kept")
    func structs() throws {
        let (model, _) = try TestSupport.model("basic")
        let folder = try TestSupport.structure("FolderFull", in: model)
        #expect(folder.properties.map(\.name)
            == ["id", "type", "parent", "`default`", "createdAt", "size", "tags", "ownedBy", "description"])
        #expect(try folder.property("$parent").name == "parent")
        #expect(try folder.property("id").isRequired)
        #expect(try !folder.property("size").isRequired)
        #expect(try folder.property("created_at").type == .date)
        #expect(try folder.property("size").type == .double)
        #expect(try folder.property("owned_by").type == .named("UserMini"))
        #expect(try folder.property("description").isNullable)
        #expect(folder.documentation == "A folder with all its fields.")
    }

    @Test("a schema named like a Swift or reserved type gets a suffix")
    func reservedNames() throws {
        let (model, _) = try TestSupport.model("basic", reserved: ["UserMini"])
        #expect(model.declaration(named: "ErrorModel") != nil)
        #expect(model.declaration(named: "UserMiniModel") != nil)
        #expect(try TestSupport.structure("FolderFull", in: model).property("owned_by").type == .named("UserMiniModel"))
    }

    @Test("string enums keep their values with readable case names")
    func enums() throws {
        let (model, _) = try TestSupport.model("basic")
        let role = try TestSupport.enumeration("UserMiniRoleField", in: model)
        #expect(role.cases.map(\.name)
            == ["previewerUploader", "fileUploaded", "urnIetfParamsOauthGrantTypeTokenExchange", "coOwner", "empty"])
        #expect(role.cases.map(\.rawValue).last == "")
    }

    @Test("a primitive component becomes a type alias")
    func aliases() throws {
        let (model, _) = try TestSupport.model("basic")
        #expect(model.declaration(named: "FolderId") == .alias(AliasDeclaration(
            name: "FolderId", group: "FolderId", documentation: "The `FolderId` schema.", target: .string)))
    }

    @Test("allOf merges every member's properties into one struct")
    func allOf() throws {
        let (model, _) = try TestSupport.model("unions")
        let file = try TestSupport.structure("File", in: model)
        #expect(file.properties.map(\.wireName) == ["id", "etag", "type", "size"])
        #expect(try file.property("id").isRequired && file.property("type").isRequired)
        // A one-member allOf is the referenced type itself.
        #expect(model.declaration(named: "FileRef") == .alias(AliasDeclaration(
            name: "FileRef", group: "FileRef", documentation: "Just a file.", target: .named("File"))))
    }

    @Test("a component whose allOf is one object written out in place is that object's struct, its inline types named after it")
    func allOfOfOneInlineObject() throws {
        let (model, _) = try TestSupport.model("unions")
        let template = try TestSupport.structure("Template", in: model)
        #expect(template.properties.map(\.wireName) == ["branding"])
        _ = try TestSupport.structure("TemplateBrandingField", in: model)
        #expect(model.declaration(named: "TemplateValue") == nil)
    }

    @Test("a name an allOf requires keeps the type another member gives it", arguments: ["allof-required",
                                                                                        "allof-required-30"])
    func allOfRequiredNameKeepsItsType(_ fixture: String) throws {
        let (model, _) = try TestSupport.model(fixture)
        let create = try TestSupport.structure("RequestCreate", in: model)
        #expect(create.properties.map(\.wireName) == ["name", "signers", "note"])
        #expect(try create.property("signers").type == .array(.named("Signer")))
        #expect(try create.property("signers").isRequired)
        #expect(try !create.property("note").isRequired)
    }

    @Test("names a base requires and an extension describes are typed and required where the base puts them",
          arguments: ["allof-required", "allof-required-30"])
    func baseRequiredNamesTakeTheExtensionsTypes(_ fixture: String) throws {
        let (model, _) = try TestSupport.model(fixture)
        let restriction = try TestSupport.structure("Restriction", in: model)
        #expect(restriction.properties.map(\.wireName) == ["id", "segment", "flag"])
        #expect(try restriction.property("segment").type == .named("Signer"))
        #expect(try restriction.property("flag").type == .bool)
        #expect(try restriction.property("segment").isRequired && restriction.property("flag").isRequired)
        // The base alone describes neither: its required names stay values of any type.
        let base = try TestSupport.structure("RestrictionBase", in: model)
        #expect(try base.property("segment").type == .jsonValue && base.property("segment").isRequired)
    }

    @Test("a name required by an earlier allOf member than the one describing it is typed and required",
          arguments: ["allof-required", "allof-required-30"])
    func requiredBeforeDescribed(_ fixture: String) throws {
        let (model, _) = try TestSupport.model(fixture)
        let first = try TestSupport.structure("RequiredFirst", in: model)
        // A property stands where its name first appears, as when a later member redefines it.
        #expect(first.properties.map(\.wireName) == ["count", "label"])
        #expect(try first.property("count").type == .int64 && first.property("count").isRequired)
        #expect(try !first.property("label").isRequired)
    }

    @Test("a required name no allOf member describes stays a required value of any type",
          arguments: ["allof-required", "allof-required-30"])
    func requiredWithoutSchema(_ fixture: String) throws {
        let (model, _) = try TestSupport.model(fixture)
        let undescribed = try TestSupport.structure("Undescribed", in: model)
        #expect(undescribed.properties.map(\.wireName) == ["name", "extra", "mystery"])
        #expect(try undescribed.property("mystery").type == .jsonValue)
        #expect(try undescribed.property("mystery").isRequired)
    }

    @Test("oneOf with a discriminator mapping becomes an enum with a case per mapping key")
    func discriminatedUnion() throws {
        let (model, _) = try TestSupport.model("unions")
        let union = try TestSupport.union("MappedItem", in: model)
        #expect(union.discriminatorProperty == "type")
        #expect(union.variants.map(\.caseName) == ["file", "webLink"])
        #expect(union.variants.map(\.type) == [.named("File"), .named("WebLink")])
        #expect(union.variants.map(\.discriminatorValue) == ["file", "web_link"])
    }

    @Test("a union's cases are named after their types, as Box's Swift SDK names them, not after the discriminator's values")
    func unionCasesNamedAfterTypes() throws {
        let (model, _) = try TestSupport.model("unions")
        let reference = try TestSupport.union("Reference", in: model)
        #expect(reference.variants.map(\.caseName) == ["fileRef", "folder"])
        #expect(reference.variants.map(\.discriminatorValue) == ["file", "folder"])
    }

    @Test("a union of API 2025.0 names its cases after the versioned names of their types")
    func versionedUnionCasesNamedAfterTypes() throws {
        let (model, _) = try TestSupport.model("unions")
        let reference = try TestSupport.union("ReferenceV2025R0", in: model)
        #expect(reference.variants.map(\.caseName) == ["fileRefV2025R0", "folderV2025R0"])
    }

    @Test("inline unions are named after their variants, and the discriminator is inferred from one-value enums")
    func inferredUnion() throws {
        let (model, _) = try TestSupport.model("unions")
        let union = try TestSupport.union("FileOrFolder", in: model)
        #expect(union.discriminatorProperty == "type")
        #expect(union.variants.map(\.discriminatorValue) == ["file", "folder"])
        let response = try TestSupport.structure("GetItemsResponse", in: model)
        #expect(try response.property("entries").type == .array(.named("FileOrFolder")))
    }

    @Test("oneOf without a discriminator tries its variants in order; oneOf with null is optional")
    func plainUnion() throws {
        let (model, _) = try TestSupport.model("unions")
        let response = try TestSupport.structure("GetItemsResponse", in: model)
        let loose = try TestSupport.union("GetItemsResponseLooseField", in: model)
        #expect(loose.discriminatorProperty == nil)
        #expect(loose.variants.map(\.caseName) == ["string", "int64"])
        #expect(try response.property("loose").type == .named("GetItemsResponseLooseField"))
        let maybe = try response.property("maybe_folder")
        #expect(maybe.type == .named("Folder") && maybe.isNullable)
    }

    @Test("a member of a discriminated union without the discriminator property is tried when the property names no case")
    func discriminatedUnionFallback() throws {
        let (model, _) = try TestSupport.model("unions")
        let source = try TestSupport.union("Source", in: model)
        #expect(source.discriminatorProperty == "type")
        #expect(source.variants.map(\.caseName) == ["file", "logItem"])
        #expect(source.variants.map(\.discriminatorValue) == ["file", nil])
    }

    @Test("the one inline enum of strings in an undiscriminated union is named <Union>Enum")
    func unionEnumMember() throws {
        let (model, _) = try TestSupport.model("unions")
        let length = try TestSupport.union("ExtensionLength", in: model)
        #expect(length.variants.map(\.caseName) == ["extensionLengthEnum", "int64"])
        #expect(model.declaration(named: "ExtensionLengthEnum") != nil)
    }

    @Test("a struct that contains itself goes through @Indirect; a recursive union becomes indirect")
    func recursion() throws {
        let (model, _) = try TestSupport.model("recursive")
        let category = try TestSupport.structure("Category", in: model)
        #expect(try category.property("parent").isIndirect)
        #expect(try !category.property("children").isIndirect, "arrays already break the cycle")
        let indirectCount = category.properties.filter(\.isIndirect).count
            + ((try? TestSupport.structure("Leaf", in: model))?.properties.filter(\.isIndirect).count ?? 0)
            + ((try? TestSupport.union("Node", in: model)).map { $0.isIndirect ? 1 : 0 } ?? 0)
        #expect(indirectCount >= 2, "both the self cycle and the Category → Node → Leaf → Node cycle are broken")
    }

    @Test("a struct larger than the inline limit is stored out of line where another struct holds it; small ones stay inline")
    func nestedSizeIsCapped() throws {
        let (model, _) = try TestSupport.model("nested")
        // User: 20 strings + Enterprise (8) + UserMini (4) inline = 32 stored values.
        let user = try TestSupport.structure("User", in: model)
        #expect(try !user.property("enterprise").isIndirect)
        #expect(try !user.property("manager").isIndirect)
        #expect(try TestSupport.structure("Lock", in: model).property("created_by").isIndirect)
        let file = try TestSupport.structure("File", in: model)
        #expect(try file.property("created_by").isIndirect)
        #expect(try !file.property("owner").isIndirect, "a mini user stays inline")
        #expect(try !file.property("lock").isIndirect, "a lock holds its large user out of line, so it is small")
        #expect(try TestSupport.union("Item", in: model).isIndirect, "a union of large types stores them out of line")
    }

    @Test("in a 300-operation real-shape document every type a struct holds inline is within the limit")
    func realShapeLayoutsAreBounded() throws {
        let loaded = SpecLoader.load(text: SyntheticSpec.realShapeJSON(operations: 300, schemas: 300),
                                     fileName: "real-shape.json")
        let document = try #require(loaded.document)
        let model = try #require(ModelBuilder.build(document, extensions: loaded.extensions,
                                                    options: ModelOptions(specDisplayName: "real-shape.json")).model)
        var sizes: [String: Int] = [:]
        func size(_ name: String) -> Int {
            if let known = sizes[name] { return known }
            var total = 1
            switch model.declaration(named: name) {
            case .structure(let structure)?:
                total = max(1, structure.properties.reduce(0) { sum, property in
                    guard !property.isIndirect, case .named(let target) = property.type else { return sum + 1 }
                    return sum + size(target)
                })
            case .union(let union)? where !union.isIndirect:
                total = union.variants.reduce(0) { sum, variant in
                    guard case .named(let target) = variant.type else { return sum + 1 }
                    return sum + size(target)
                }
            default:
                break
            }
            sizes[name] = total
            return total
        }
        let limit = 24  // the generator's inline size limit
        var outOfLine = 0
        for declaration in model.declarations {
            guard case .structure(let structure) = declaration else { continue }
            for property in structure.properties {
                guard case .named(let target) = property.type else { continue }
                if property.isIndirect {
                    outOfLine += 1
                } else {
                    #expect(size(target) <= limit, "\(structure.name).\(property.name) holds \(size(target)) values inline")
                }
            }
        }
        #expect(outOfLine > 0, "the document nests types larger than the limit, so some are stored out of line")
    }

    @Test("aliases are looked through when breaking cycles; an alias of itself becomes JSONValue")
    func aliasRecursion() throws {
        let (model, diagnostics) = try TestSupport.model("recursive")
        let category = try TestSupport.structure("Category", in: model)
        #expect(try category.property("alias_parent").type == .named("CategoryRef"))
        #expect(try category.property("alias_parent").isIndirect)
        #expect(model.declaration(named: "Tree") == .alias(AliasDeclaration(
            name: "Tree", group: "Tree", documentation: "The `Tree` schema.", target: .jsonValue)))
        #expect(diagnostics.contains { $0.location == "#/components/schemas/Tree" && $0.severity == .warning })
    }

    @Test("request bodies tell null from absent; responses use plain optionals")
    func nullableRequestFields() throws {
        let (model, _) = try TestSupport.model("bodies")
        let body = try TestSupport.structure("UpdateFolderByIdRequestBody", in: model)
        #expect(body.distinguishesNull)
        #expect(try body.property("description").isNullable)
        #expect(try body.property("shared_link").type == .named("SharedLink"))
        let folder = try TestSupport.structure("Folder", in: model)
        #expect(!folder.distinguishesNull)
        // SharedLink is reachable from the request body, so its nullable password is too.
        #expect(try TestSupport.structure("SharedLink", in: model).distinguishesNull)
    }

    @Test("additionalProperties become dictionaries, next to named properties or alone")
    func additionalProperties() throws {
        let (model, _) = try TestSupport.model("bodies")
        let metadata = try TestSupport.structure("Metadata", in: model)
        #expect(metadata.properties.map(\.name) == ["parent", "version"])
        #expect(metadata.additionalProperties == AdditionalPropertiesDeclaration(name: "additionalProperties",
                                                                                valueType: .jsonValue))
        #expect(model.declaration(named: "Labels") == .alias(AliasDeclaration(
            name: "Labels", group: "Labels", documentation: "The `Labels` schema.", target: .dictionary(.string))))
        let token = try TestSupport.operation("requestAccessToken", in: model)
        #expect(token.response == .json(.dictionary(.jsonValue), documentation: "Token."))
    }

    @Test("values an allOf of description-only members describes are any JSON value")
    func allOfOfFragmentsIsAnyValue() throws {
        let (model, _) = try TestSupport.model("bodies")
        let instance = try TestSupport.structure("MetadataInstance", in: model)
        #expect(instance.additionalProperties == AdditionalPropertiesDeclaration(name: "additionalProperties",
                                                                                valueType: .jsonValue))
        #expect(model.declaration(named: "MetadataInstanceValue") == nil)
    }

    @Test("a oneOf of a schema and an object that holds nothing is that schema, optional")
    func emptyClosedObjectIsAbsence() throws {
        let (model, _) = try TestSupport.model("bodies")
        let job = try TestSupport.structure("MetadataJob", in: model)
        #expect(try job.property("result").type == .named("Metadata"))
        #expect(model.declaration(named: "MetadataJobResultField") == nil)
    }

    // MARK: Bodies and responses

    @Test("each body encoding is recognised")
    func bodies() throws {
        let (model, _) = try TestSupport.model("bodies")
        #expect(try TestSupport.operation("requestAccessToken", in: model).body?.kind == .form(.named("PostOAuth2Token")))
        #expect(try TestSupport.operation("uploadFilePart", in: model).body?.kind
            == .binary(contentType: "application/octet-stream"))
        let patch = try #require(try TestSupport.operation("updateMetadata", in: model).body)
        guard case .json(.array, let contentType) = patch.kind else {
            Issue.record("expected a JSON array body, got \(patch.kind)")
            return
        }
        #expect(contentType == "application/json-patch+json")
        let upload = try #require(try TestSupport.operation("uploadFile", in: model).body)
        guard case .multipart(let typeName, let parts) = upload.kind else {
            Issue.record("expected multipart, got \(upload.kind)")
            return
        }
        #expect(typeName == "UploadFileRequestBody")
        #expect(parts.map(\.wireName) == ["attributes", "file", "meta"])
        #expect(parts[0].kind == .text(contentType: "application/json"))
        #expect(parts[1].kind == .file(fileNameProperty: "fileFileName", contentTypeProperty: "fileContentType",
                                       defaultContentType: "application/octet-stream"))
        #expect(parts[2].kind == .json && parts[2].isOptional)
    }

    @Test("binary responses are streams; the first 2xx with a body wins")
    func responses() throws {
        let (model, _) = try TestSupport.model("bodies")
        #expect(try TestSupport.operation("downloadFile", in: model).response == .binary(documentation: "The content."))
        #expect(try TestSupport.operation("updateFolderById", in: model).response
            == .json(.named("Folder"), documentation: "The folder."))
    }

    @Test("a body in a content type without a typed form is sent as bytes of that type; cookie parameters are kept")
    func untypedBodies() throws {
        let (model, diagnostics) = try TestSupport.model("bodies")
        #expect(!diagnostics.contains { $0.location.hasPrefix("#/paths/~1reports") })
        #expect(try TestSupport.operation("uploadReport", in: model).body?.kind == .binary(contentType: "text/csv"))
        #expect(!diagnostics.contains { $0.location.hasPrefix("#/paths/~1cookies") })
        let withCookie = try TestSupport.operation("withCookie", in: model)
        #expect(withCookie.headers.parameters.map(\.location) == [.cookie])
    }

    @Test("an optional body the generator cannot express is left out with a warning; the operation stays")
    func optionalBodyLeftOut() throws {
        let (model, diagnostics) = try TestSupport.model("bodies")
        #expect(diagnostics.contains { $0.description == "warning: #/paths/~1notes/post/requestBody/content/"
            + "multipart~1form-data/schema: a multipart body needs an object schema with properties; the optional body is left out" })
        #expect(try TestSupport.operation("postNote", in: model).body == nil)
    }

    @Test("x-pagination gives marker, offset and stream-position operations a paging description")
    func pagination() throws {
        let (model, _) = try TestSupport.model("pagination")
        let items = try #require(try TestSupport.operation("getFolderItems", in: model).pagination)
        #expect(items == PaginationModel(style: .marker, itemType: .string, itemsProperty: "entries",
                                         positionParameter: "marker", nextProperty: "nextMarker",
                                         enablingParameters: ["usemarker"], clearedParameters: ["offset"]))
        let users = try #require(try TestSupport.operation("getUsers", in: model).pagination)
        #expect(users == PaginationModel(style: .offset, itemType: .named("User"), itemsProperty: "entries",
                                         itemsOptional: true, positionParameter: "offset",
                                         nextProperty: "totalCount"))
        let events = try #require(try TestSupport.operation("getEvents", in: model).pagination)
        #expect(events.style == .streamPosition && events.nextProperty == "nextStreamPosition")
    }

    @Test("a pagination the spec cannot back is a warning with its location, and no sequence")
    func unusablePagination() throws {
        let (model, diagnostics) = try TestSupport.model("pagination")
        #expect(try TestSupport.operation("getColors", in: model).pagination == nil)
        #expect(try TestSupport.operation("getTags", in: model).pagination == nil)
        #expect(diagnostics.contains {
            $0.severity == .warning && $0.location == "#/paths/~1colors/get" && $0.message.contains("`cursor`")
        })
        #expect(diagnostics.contains {
            $0.severity == .warning && $0.location == "#/paths/~1tags/get" && $0.message.contains("`offset` query parameter")
        })
    }
}
