import Foundation

/// A named list the enterprise's Shield rules refer to: domains, email addresses, IP ranges or
/// countries.
struct ShieldListRecord: Sendable {
    var id: String
    var name: String
    var description: String?
    var content: ShieldListContent
    var createdAt: Date
    var updatedAt: Date
}

/// What a shield list holds: one kind of entry, kept in the order given.
struct ShieldListContent: Sendable, Equatable {
    enum Kind: String, Sendable, CaseIterable {
        case country
        case domain
        case email
        case ip

        /// The member of the content object that carries the entries.
        var member: String {
            switch self {
            case .country: "country_codes"
            case .domain: "domains"
            case .email: "email_addresses"
            case .ip: "ip_addresses"
            }
        }
    }

    var kind: Kind
    var entries: [String]
}

/// The enterprise's shield lists, by id.
struct ShieldListsState: AreaState {
    var lists: [String: ShieldListRecord] = [:]
}
