import Foundation

/// Something Box's test enterprises have and no API makes, made on a running server: from
/// Swift, or from `boxlike-server`'s command line (`--external-user`, `--teams-tenant`,
/// `--app-item`, `--relay-workflow`, `--automate-workflow`), each option's text read by
/// ``init(option:value:)``.
///
/// ```swift
/// let fixture = try BoxLikeFixture(option: "relay-workflow", value: "Tidy up:\(folderId):lock_file,delete_file")
/// print(try await fixture.make(on: server))
/// ```
public enum BoxLikeFixture: Sendable {
    /// A user of another enterprise (``BoxLikeServer/makeExternalUser(name:login:)``).
    case externalUser(name: String, login: String)
    /// Box for Teams set up in a Microsoft Teams tenant (``BoxLikeServer/connectTeamsTenant(_:)``).
    case teamsTenant(String)
    /// An app item of a type associated with a file or folder
    /// (``BoxLikeServer/associateAppItem(applicationType:with:)``).
    case appItem(applicationType: String, target: BoxLikeServer.AppItemTarget)
    /// A Relay workflow started by hand on a folder
    /// (``BoxLikeServer/makeWorkflow(name:on:actions:)``).
    case relayWorkflow(name: String, folderId: String, actions: [BoxLikeWorkflowAction])
    /// An Automate workflow and its workflow action on a folder
    /// (``BoxLikeServer/makeAutomateWorkflow(name:on:actions:)``).
    case automateWorkflow(name: String, folderId: String, actions: [BoxLikeWorkflowAction])

    /// The command-line options that make fixtures, each with the form of its value.
    public static let options: [(name: String, value: String)] = [
        ("external-user", "\"NAME <LOGIN>\""),
        ("teams-tenant", "TENANT_ID"),
        ("app-item", "TYPE:file:ID or TYPE:folder:ID"),
        ("relay-workflow", "NAME:FOLDER_ID:ACTION[,ACTION...]"),
        ("automate-workflow", "NAME:FOLDER_ID:ACTION[,ACTION...]"),
    ]

    /// The workflow actions a command line can name: those that need no settings.
    public static let actionsByName: [String: BoxLikeWorkflowAction] = [
        "watermark_file": .watermarkFile, "remove_watermark_file": .removeWatermarkFile, "lock_file": .lockFile,
        "unlock_file": .unlockFile, "delete_file": .deleteFile,
    ]

    /// Why an option's value does not describe a fixture.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        /// What is wrong, and the form expected.
        public var description: String
    }

    /// Reads the value of a command-line option (`option` without its dashes).
    ///
    /// - Throws: ``ParseError`` naming the option and the form it expects.
    public init(option: String, value: String) throws {
        func fail(_ why: String) -> ParseError {
            let form = Self.options.first { $0.name == option }?.value ?? ""
            return ParseError(description: "--\(option) \(value): \(why)" + (form.isEmpty ? "" : " (expected \(form))"))
        }
        let text = value.trimmingCharacters(in: .whitespaces)
        switch option {
        case "external-user":
            guard text.hasSuffix(">"), let open = text.lastIndex(of: "<") else { throw fail("no <login>") }
            let name = text[..<open].trimmingCharacters(in: .whitespaces)
            let login = text[text.index(after: open)..<text.index(before: text.endIndex)].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, login.contains("@") else { throw fail("a name and an email login are needed") }
            self = .externalUser(name: name, login: login)
        case "teams-tenant":
            guard !text.isEmpty, !text.contains(" ") else { throw fail("a tenant id is needed") }
            self = .teamsTenant(text)
        case "app-item":
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, !parts[0].isEmpty, !parts[2].isEmpty else { throw fail("three parts are needed") }
            switch parts[1] {
            case "file": self = .appItem(applicationType: parts[0], target: .file(parts[2]))
            case "folder": self = .appItem(applicationType: parts[0], target: .folder(parts[2]))
            default: throw fail("the target is file or folder")
            }
        case "relay-workflow", "automate-workflow":
            // The name may hold colons: the folder and the actions are the last two parts.
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 3 else { throw fail("three parts are needed") }
            let name = parts.dropLast(2).joined(separator: ":").trimmingCharacters(in: .whitespaces)
            let folderId = parts[parts.count - 2]
            guard !name.isEmpty, !folderId.isEmpty else { throw fail("a name and a folder id are needed") }
            let actions = try parts[parts.count - 1].split(separator: ",").map { word in
                let key = word.trimmingCharacters(in: .whitespaces)
                guard let action = Self.actionsByName[key] else {
                    throw fail("unknown action '\(key)'; one of \(Self.actionsByName.keys.sorted().joined(separator: ", "))")
                }
                return action
            }
            guard !actions.isEmpty else { throw fail("at least one action is needed") }
            self = option == "relay-workflow"
                ? .relayWorkflow(name: name, folderId: folderId, actions: actions)
                : .automateWorkflow(name: name, folderId: folderId, actions: actions)
        default:
            throw ParseError(description: "--\(option) makes no fixture")
        }
    }

    /// Makes the fixture on `server` and describes what it made, ids included, in one line.
    ///
    /// - Throws: ``ServerErrorResponse`` when the server refuses it (an unknown folder, a
    ///   login in use).
    public func make(on server: BoxLikeServer) async throws -> String {
        switch self {
        case .externalUser(let name, let login):
            return "External user: \(try await server.makeExternalUser(name: name, login: login))  \(name)  \(login)"
        case .teamsTenant(let tenant):
            await server.connectTeamsTenant(tenant)
            return "Box for Teams: tenant \(tenant)"
        case .appItem(let type, let target):
            let item = try await server.associateAppItem(applicationType: type, with: target)
            return "App item (\(type)): \(item.id), shared link \(item.sharedLink)"
        case .relayWorkflow(let name, let folderId, let actions):
            let id = try await server.makeWorkflow(name: name, on: folderId, actions: actions)
            return "Relay workflow: \(id) \"\(name)\" on folder \(folderId)"
        case .automateWorkflow(let name, let folderId, let actions):
            let ids = try await server.makeAutomateWorkflow(name: name, on: folderId, actions: actions)
            return "Automate workflow: \(ids.workflowId) (action \(ids.workflowActionId)) \"\(name)\" on folder \(folderId)"
        }
    }
}
