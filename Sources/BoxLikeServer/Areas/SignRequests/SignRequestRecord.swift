import BoxLikeJSON
import Foundation

/// A Box Sign request: the documents to sign, who signs them, and where it stands.
struct SignRequestRecord: Sendable {
    /// Where a request stands, as Box names it.
    enum Status: String, Sendable {
        case converting, created, sent, viewed, signed, cancelled, declined, expired
        case errorFinalizing = "error_finalizing"

        /// Whether the request can still change: signers may act, it may be cancelled or expire.
        var isUnfinished: Bool { [.converting, .created, .sent, .viewed].contains(self) }

        /// Whether signers may view and act: sent and not finished.
        var isOutForSignature: Bool { self == .sent || self == .viewed }
    }

    var id: String
    var shortId: String
    /// The user who sent it (the requester).
    var senderId: String
    var createdAt: Date
    /// When conversion of the documents ends and the request is sent.
    var readyAt: Date
    var status: Status
    var signers: [SignerRecord]
    /// The documents to sign (file ids).
    var sourceFileIds: [String]
    /// Where the signed documents and the signing log go (internal folder id).
    var parentFolderId: String
    var name: String?
    var emailSubject: String?
    var emailMessage: String?
    var daysValid: Int?
    var autoExpireAt: Date?
    var externalId: String?
    var externalSystemName: String?
    var templateId: String?
    var redirectUrl: String?
    var declinedRedirectUrl: String?
    var areRemindersEnabled: Bool
    var areTextSignaturesEnabled: Bool
    var isDocumentPreparationNeeded: Bool
    var signatureColor: String?
    var requestFlow: String?
    var prefillTags: [JSONValue]
    var finishedAt: Date?
    /// The prepared copies of the documents, one PDF per source file (`<name>.pdf`), written
    /// to the parent folder when the request is made; a new version of each is the signed
    /// document once everyone signed.
    var signFileIds: [String] = []
    /// The secret of the request's `prepare_url` page, for a request that needs preparing.
    var prepareToken: String?
    var signingLogId: String?
    /// When the request emails last went out (creation, resend), for Box's resend wait.
    var lastSentAt: Date?

    /// The signers whose signature (or approval) completes the request.
    var requiredSigners: [SignerRecord] { signers.filter { $0.role != .finalCopyReader } }
}

/// One recipient of a sign request.
struct SignerRecord: Sendable {
    enum Role: String, Sendable {
        case signer, approver
        case finalCopyReader = "final_copy_reader"
    }

    enum Decision: String, Sendable {
        case signed, declined
    }

    var email: String
    var role: Role
    var isInPerson: Bool
    var order: Int
    var embedUrlExternalUserId: String?
    var redirectUrl: String?
    var declinedRedirectUrl: String?
    var loginRequired: Bool
    var verificationPhoneNumber: String?
    /// A password the signer must give on the signing page; a secret, never rendered.
    var password: String?
    var signerGroupId: String?
    var suppressNotifications: Bool
    var language: String?
    /// The secret in the signer's signing link.
    var token: String
    var hasViewedDocument = false
    var decision: Decision?
    var finalizedAt: Date?
    var additionalInfo: String?
    /// The code last texted to ``verificationPhoneNumber``, which the signer must give back.
    var verificationCode: String?
    /// Wrong passwords, sign-ins and codes given so far; at ``SignerRecord/attemptLimit`` the
    /// signing link stops accepting any.
    var failedAttempts = 0

    /// How many wrong answers a signer may give before their link is locked.
    static let attemptLimit = 5
}

/// A text message the server would have sent to a signer's phone (Box sends real ones): the
/// verification code a signer with a `verification_phone_number` must give to sign.
public struct SignTextMessage: Sendable, Hashable {
    /// The phone number it went to.
    public var to: String
    /// The sign request it is about.
    public var signRequestId: String
    /// The code.
    public var code: String
    /// When it was sent, on the server's clock.
    public var sentAt: Date
}

/// An email the server would have sent for a sign request (Box sends real ones): the
/// signing link it carries, so a test or demo can follow it.
public struct SignEmail: Sendable, Hashable {
    /// Why it was sent.
    public enum Kind: String, Sendable {
        /// The request to sign, when a signer's turn comes.
        case signatureRequested = "signature_requested"
        /// A resend of that request.
        case reminder
        /// The final copy, once everyone signed.
        case finalCopy = "final_copy"
    }

    /// The recipient.
    public var to: String
    /// The sign request it is about.
    public var signRequestId: String
    /// What it is.
    public var kind: Kind
    /// The signing page the recipient opens; `nil` for a final copy.
    public var signingURL: String?
    /// When it was sent, on the server's clock.
    public var sentAt: Date
}

/// The sign requests there are, by id, and the emails sent for them.
struct SignRequestsState: AreaState {
    var requests: [String: SignRequestRecord] = [:]
    var emails: [SignEmail] = []
    var textMessages: [SignTextMessage] = []
}
