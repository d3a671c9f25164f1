import BoxLikeSDK

/// What the server-to-server samples (CCG, JWT) show: who the enterprise token acts as, then
/// the same app acting as one user, and that user's root folder.
public enum SubjectTour {
    /// Prints the enterprise's service account, then the user `userClient` acts as and their
    /// root folder.
    public static func run(enterprise: BoxClient, userClient: BoxClient) async throws {
        let serviceAccount = try await enterprise.users.getUserMe()
        print("Enterprise service account: \(serviceAccount.name ?? "?") (id \(serviceAccount.id))")
        let user = try await userClient.users.getUserMe()
        print("Now acting as \(user.name ?? "?") (id \(user.id)); their root folder:")
        for item in try await userClient.folders.getFolderItems(folderId: "0").entries ?? [] {
            print("  " + Describe.item(item))
        }
    }
}
