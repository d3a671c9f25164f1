import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.users` and `client.transfer`, as Box's documentation uses them.
@Suite("Drop-in: users and transfer")
struct UsersTests {
    @Test func aManagedUserIsCreatedReadUpdatedListedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client
            let login = "jane-\(UUID().uuidString.prefix(6).lowercased())@example.com"

            let user = try await client.users.createUser(requestBody: CreateUserRequestBody(name: "Jane Doe", login: login))
            #expect(user.name == "Jane Doe")
            #expect(user.login == login)

            let read = try await client.users.getUserById(userId: user.id)
            #expect(read.id == user.id)

            let updated = try await client.users.updateUserById(
                userId: user.id, requestBody: UpdateUserByIdRequestBody(
                    name: "Jane Smith", jobTitle: "Engineer", isPasswordResetRequired: true,
                    notificationEmail: .value(UpdateUserByIdRequestBodyNotificationEmailField(email: "jane.alerts@example.com"))))
            #expect(updated.name == "Jane Smith")
            #expect(updated.notificationEmail?.email == "jane.alerts@example.com")
            let withTitle = try await client.users.getUserById(
                userId: user.id, queryParams: GetUserByIdQueryParams(fields: ["job_title"]))
            #expect(withTitle.jobTitle == "Engineer")

            let found = try await client.users.getUsers(queryParams: GetUsersQueryParams(filterTerm: login))
            #expect(found.entries?.map(\.id) == [user.id])

            let newLogin = "jane.smith-\(UUID().uuidString.prefix(6).lowercased())@example.com"
            _ = try await client.emailAliases.createUserEmailAlias(
                userId: user.id, requestBody: CreateUserEmailAliasRequestBody(email: newLogin))
            let relogged = try await client.users.updateUserById(userId: user.id, requestBody: UpdateUserByIdRequestBody(login: newLogin))
            #expect(relogged.login == newLogin)

            try await client.users.deleteUserById(userId: user.id)
            let error = await #expect(throws: BoxAPIError.self) { try await client.users.getUserById(userId: user.id) }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func aManagedUserIsRolledOutOfTheEnterprise() async throws {
        try await withLocalBox { box in
            let client = box.client
            let user = try await client.users.createUser(requestBody: CreateUserRequestBody(
                name: "Sam Leaver", login: "sam-\(UUID().uuidString.prefix(6).lowercased())@example.com"))

            let rolledOut = try await client.users.updateUserById(
                userId: user.id, requestBody: UpdateUserByIdRequestBody(enterprise: .null, notify: true),
                queryParams: UpdateUserByIdQueryParams(fields: ["enterprise"]))

            #expect(rolledOut.enterprise == nil)
        }
    }

    @Test func theCurrentUserIsTheOneTheTokenBelongsTo() async throws {
        try await withLocalBox { box in
            let me = try await box.client.users.getUserMe()
            #expect(me.id == box.seed.adminUser.id)
            #expect(me.login == box.seed.adminUser.login)

            let appUserClient = try await box.client(forUser: box.seed.appUsers[0].id)
            let appUser = try await appUserClient.users.getUserMe(queryParams: GetUserMeQueryParams(fields: ["login", "enterprise"]))
            #expect(appUser.id == box.seed.appUsers[0].id)
            #expect(appUser.enterprise?.id == box.seed.enterpriseId)
        }
    }

    @Test func anAppUserIsCreatedAndFoundByItsExternalId() async throws {
        try await withLocalBox { box in
            let client = box.client

            let appUser = try await client.users.createUser(requestBody: CreateUserRequestBody(
                name: "Kiosk 7", isPlatformAccessOnly: true, externalAppUserId: "kiosk-7"))

            let found = try await client.users.getUsers(queryParams: GetUsersQueryParams(externalAppUserId: "kiosk-7"))
            #expect(found.entries?.map(\.id) == [appUser.id])
        }
    }

    @Test func aUserWhoOwnsContentIsDeletedOnlyWhenForced() async throws {
        try await withLocalBox { box in
            let client = box.client
            let user = try await client.users.createUser(requestBody: CreateUserRequestBody(
                name: "Owner", login: "owner-\(UUID().uuidString.prefix(6).lowercased())@example.com"))
            let asUser = try await box.client(forUser: user.id)
            _ = try await createFolder(asUser, name: "Mine")

            let refused = await #expect(throws: BoxAPIError.self) { try await client.users.deleteUserById(userId: user.id) }
            #expect(refused?.responseInfo.statusCode == 400)

            try await client.users.deleteUserById(userId: user.id, queryParams: DeleteUserByIdQueryParams(notify: false, force: true))
            let gone = await #expect(throws: BoxAPIError.self) { try await client.users.getUserById(userId: user.id) }
            #expect(gone?.responseInfo.statusCode == 404)
        }
    }

    @Test func aLeaversContentIsTransferredToTheAdmin() async throws {
        try await withLocalBox { box in
            let client = box.client
            let leaver = try await client.users.createUser(requestBody: CreateUserRequestBody(
                name: "Leaver", login: "leaver-\(UUID().uuidString.prefix(6).lowercased())@example.com"))
            let asLeaver = try await box.client(forUser: leaver.id)
            let project = try await createFolder(asLeaver, name: "Project")
            let file = try await uploadText(asLeaver, name: "plan.txt", text: "the plan", parentId: project.id)

            let newFolder = try await client.transfer.transferOwnedFolder(
                userId: leaver.id,
                requestBody: TransferOwnedFolderRequestBody(ownedBy: TransferOwnedFolderRequestBodyOwnedByField(id: box.seed.adminUser.id)),
                queryParams: TransferOwnedFolderQueryParams(notify: false))

            #expect(newFolder.ownedBy?.id == box.seed.adminUser.id)
            let items = try await client.folders.getFolderItems(folderId: newFolder.id)
            #expect(items.totalCount == 1)
            #expect(try await client.files.getFileById(fileId: file.id).ownedBy?.id == box.seed.adminUser.id)
        }
    }
}
