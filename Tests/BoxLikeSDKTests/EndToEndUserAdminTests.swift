import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Administration of users through `users`, `transfer`, `emailAliases` and `invites`.
@Suite("User administration against the server")
struct EndToEndUserAdminTests {
    func makeUser(_ admin: BoxClient, _ name: String = "Temp") async throws -> UserFull {
        try await admin.users.createUser(requestBody: CreateUserRequestBody(
            name: name, login: "\(name.lowercased())-\(UUID().uuidString.prefix(6))@example.com"))
    }

    @Test func anAdminChangesAUsersProfileStatusAndQuota() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let user = try await makeUser(admin)

            let updated = try await admin.users.updateUserById(userId: user.id, requestBody: UpdateUserByIdRequestBody(
                name: "Renamed", jobTitle: "Engineer", timezone: "Europe/Paris", status: .inactive, spaceAmount: 1_000_000))

            #expect(updated.name == "Renamed")
            let read = try await admin.users.getUserById(userId: user.id)
            #expect(read.jobTitle == "Engineer")
            #expect(read.timezone == "Europe/Paris")
            #expect(read.spaceAmount == 1_000_000)
            #expect(read.status?.rawValue == "inactive")
        }
    }

    @Test func anAdminChangesAUsersSyncTrackingCodesExemptionsAndExternalId() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let user = try await makeUser(admin)

            _ = try await admin.users.updateUserById(userId: user.id, requestBody: UpdateUserByIdRequestBody(
                isSyncEnabled: false, trackingCodes: [TrackingCode(type: .trackingCode, name: "department", value: "Sales")],
                canSeeManagedUsers: false, isExternalCollabRestricted: true, isExemptFromDeviceLimits: true,
                isExemptFromLoginVerification: true, externalAppUserId: "crm-4711"))

            let read = try await admin.users.getUserById(userId: user.id, queryParams: GetUserByIdQueryParams(fields: [
                "is_sync_enabled", "tracking_codes", "can_see_managed_users", "is_external_collab_restricted",
                "is_exempt_from_device_limits", "is_exempt_from_login_verification", "external_app_user_id"]))
            #expect(read.isSyncEnabled == false)
            #expect(read.trackingCodes?.first?.value == "Sales")
            #expect(read.canSeeManagedUsers == false)
            #expect(read.isExternalCollabRestricted == true)
            #expect(read.isExemptFromDeviceLimits == true)
            #expect(read.isExemptFromLoginVerification == true)
            #expect(read.externalAppUserId == "crm-4711")
        }
    }

    @Test func aUserIsCreatedWithTheWholeProfileGiven() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let created = try await admin.users.createUser(requestBody: CreateUserRequestBody(
                name: "Dana", login: "dana-\(UUID().uuidString.prefix(6))@example.com", isSyncEnabled: false,
                jobTitle: "Auditor", phone: "555-0199", spaceAmount: 2_000_000, canSeeManagedUsers: true,
                timezone: "Europe/Berlin", isExternalCollabRestricted: true, status: .cannotDeleteEdit),
                queryParams: CreateUserQueryParams(fields: ["job_title", "phone", "space_amount", "timezone", "status",
                                                            "is_sync_enabled", "can_see_managed_users", "is_external_collab_restricted"]))

            #expect(created.jobTitle == "Auditor")
            #expect(created.phone == "555-0199")
            #expect(created.spaceAmount == 2_000_000)
            #expect(created.timezone == "Europe/Berlin")
            #expect(created.status?.rawValue == "cannot_delete_edit")
            #expect(created.isSyncEnabled == false)
            #expect(created.canSeeManagedUsers == true)
            #expect(created.isExternalCollabRestricted == true)
        }
    }

    @Test func anAppUserIsCreatedWithItsExternalIdAndFoundByIt() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let appUser = try await admin.users.createUser(requestBody: CreateUserRequestBody(
                name: "Device 42", isPlatformAccessOnly: true, externalAppUserId: "device-42"))
            _ = try await admin.users.createUser(requestBody: CreateUserRequestBody(
                name: "Device 43", isPlatformAccessOnly: true, externalAppUserId: "device-43"))

            let found = try await admin.users.getUsers(queryParams: GetUsersQueryParams(
                externalAppUserId: "device-42", fields: ["external_app_user_id", "is_platform_access_only"]))
            #expect(found.entries?.map(\.id) == [appUser.id])
            #expect(found.entries?.first?.externalAppUserId == "device-42")
            #expect(found.entries?.first?.isPlatformAccessOnly == true)
            let managed = try await admin.users.getUsers(queryParams: GetUsersQueryParams(userType: .managed, limit: 1000))
            #expect(managed.entries?.contains { $0.id == appUser.id } == true, "app users are managed users")
        }
    }

    @Test func anExternalIdTakenByAnotherUserIsAConflict() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await admin.users.createUser(requestBody: CreateUserRequestBody(
                name: "Kiosk", isPlatformAccessOnly: true, externalAppUserId: "kiosk-1"))
            let before = try await admin.users.getUsers(queryParams: GetUsersQueryParams(limit: 1000)).entries?.count

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.users.createUser(requestBody: CreateUserRequestBody(
                    name: "Kiosk again", isPlatformAccessOnly: true, externalAppUserId: "kiosk-1"))
            }

            #expect(error?.status == 409)
            #expect(try await admin.users.getUsers(queryParams: GetUsersQueryParams(limit: 1000)).entries?.count == before,
                    "nothing was created")
        }
    }

    @Test func theFilterTermMatchesTheStartOfANameOrLogin() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let tag = UUID().uuidString.prefix(6).lowercased()
            let byName = try await admin.users.createUser(requestBody: CreateUserRequestBody(
                name: "Zed\(tag) Quill", login: "q-\(tag)@example.com"))
            let byLogin = try await admin.users.createUser(requestBody: CreateUserRequestBody(
                name: "Other", login: "zed\(tag)@example.com"))
            _ = try await admin.users.createUser(requestBody: CreateUserRequestBody(
                name: "Anne zed\(tag)", login: "anne-\(tag)@example.com"))

            let found = try await admin.users.getUsers(queryParams: GetUsersQueryParams(filterTerm: "ZED\(tag)"))

            #expect(Set((found.entries ?? []).map(\.id)) == [byName.id, byLogin.id], "a match inside a name does not count")
        }
    }

    @Test func aUserChangesTheirOwnProfileButNotTheirQuota() async throws {
        try await withServer { server in
            let userId = server.seed.appUsers[0].id
            let (user, _) = try await server.developerTokenClient(userId: userId)

            let updated = try await user.users.updateUserById(userId: userId, requestBody: UpdateUserByIdRequestBody(phone: "555-0100"))
            let error = await #expect(throws: BoxAPIError.self) {
                try await user.users.updateUserById(userId: userId, requestBody: UpdateUserByIdRequestBody(spaceAmount: -1))
            }

            #expect(updated.phone == "555-0100")
            #expect(error?.status == 403)
            #expect(try await user.users.getUserMe().spaceAmount != -1)
        }
    }

    @Test func aUserWhoOwnsContentIsDeletedOnlyWithForce() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let user = try await makeUser(admin)
            let (asUser, _) = try await server.developerTokenClient(userId: user.id)
            _ = try await asUser.makeFolder("mine")

            let error = await #expect(throws: BoxAPIError.self) { try await admin.users.deleteUserById(userId: user.id) }
            #expect(error?.status == 400)
            #expect(try await admin.users.getUserById(userId: user.id).id == user.id)

            try await admin.users.deleteUserById(userId: user.id, queryParams: DeleteUserByIdQueryParams(force: true))

            let gone = await #expect(throws: BoxAPIError.self) { try await admin.users.getUserById(userId: user.id) }
            #expect(gone?.status == 404)
        }
    }

    @Test func onlyAnAdminDeletesUsers() async throws {
        try await withServer { server in
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await user.users.deleteUserById(userId: server.seed.appUsers[1].id, queryParams: DeleteUserByIdQueryParams(force: true))
            }

            #expect(error?.status == 403)
        }
    }

    @Test func transferringMovesAUsersContentToAnotherUser() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let leaver = try await makeUser(admin, "Leaver")
            let (asLeaver, _) = try await server.developerTokenClient(userId: leaver.id)
            let project = try await asLeaver.makeFolder("project")
            let file = try await asLeaver.makeFile("plan.txt", text: "the plan", in: project.id)

            let holder = try await admin.transfer.transferOwnedFolder(
                userId: leaver.id, requestBody: TransferOwnedFolderRequestBody(ownedBy: TransferOwnedFolderRequestBodyOwnedByField(
                    id: server.seed.adminUser.id)))

            #expect(holder.name?.contains("Leaver") == true)
            #expect(holder.ownedBy?.id == server.seed.adminUser.id)
            #expect(try await admin.names(in: holder.id) == [project.name ?? ""])
            #expect(try await admin.files.getFileById(fileId: file.id).ownedBy?.id == server.seed.adminUser.id)
            #expect(try await asLeaver.names(in: "0").isEmpty)
        }
    }

    @Test func emailAliasesAreAddedListedAndRemoved() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let user = try await makeUser(admin)

            let alias = try await admin.emailAliases.createUserEmailAlias(
                userId: user.id, requestBody: CreateUserEmailAliasRequestBody(email: "other.name@example.com"))
            #expect(alias.email == "other.name@example.com")
            #expect(try await admin.emailAliases.getUserEmailAliases(userId: user.id).entries?.map(\.id) == [alias.id])

            try await admin.emailAliases.deleteUserEmailAliasById(userId: user.id, emailAliasId: alias.id)

            #expect(try await admin.emailAliases.getUserEmailAliases(userId: user.id).entries?.isEmpty == true)
        }
    }

    @Test func anAddressAlreadyInUseCannotBeAnAlias() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let user = try await makeUser(admin)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.emailAliases.createUserEmailAlias(
                    userId: user.id, requestBody: CreateUserEmailAliasRequestBody(email: server.seed.adminUser.login))
            }

            #expect(error?.status == 409)
            #expect(try await admin.emailAliases.getUserEmailAliases(userId: user.id).entries?.isEmpty == true)
        }
    }

    @Test func anInviteIsSentAndReadBack() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let user = try await makeUser(admin, "Guest")

            let invite = try await admin.invites.createInvite(requestBody: CreateInviteRequestBody(
                enterprise: CreateInviteRequestBodyEnterpriseField(id: server.seed.enterpriseId),
                actionableBy: CreateInviteRequestBodyActionableByField(login: user.login)))

            #expect(invite.actionableBy?.id == user.id)
            #expect(invite.invitedBy?.id == server.seed.adminUser.id)
            #expect(invite.status == "pending")
            #expect(try await admin.invites.getInviteById(inviteId: invite.id).invitedTo?.id == server.seed.enterpriseId)
        }
    }
    @Test func aUserRolledOutOfTheEnterpriseHasNoEnterprise() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let user = try await makeUser(admin, "Leaving")

            let rolledOut = try await admin.users.updateUserById(
                userId: user.id, requestBody: UpdateUserByIdRequestBody(enterprise: .null, notify: false),
                queryParams: UpdateUserByIdQueryParams(fields: ["enterprise"]))

            #expect(rolledOut.enterprise == nil)
            let managed = try await admin.users.getUsers(queryParams: GetUsersQueryParams(userType: .managed, limit: 1000))
            #expect(managed.entries?.contains { $0.id == user.id } == false)
        }
    }

    @Test func aUsersLoginBecomesOneOfTheirAliases() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let user = try await makeUser(admin)
            let newLogin = "new-\(UUID().uuidString.prefix(6).lowercased())@example.com"
            _ = try await admin.emailAliases.createUserEmailAlias(userId: user.id, requestBody: CreateUserEmailAliasRequestBody(email: newLogin))

            let updated = try await admin.users.updateUserById(userId: user.id, requestBody: UpdateUserByIdRequestBody(login: newLogin))

            #expect(updated.login == newLogin)
            #expect(try await admin.emailAliases.getUserEmailAliases(userId: user.id).entries?.map(\.email) == [user.login])
        }
    }

    @Test func aLoginThatIsNotAnAliasIsRefused() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let user = try await makeUser(admin)

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.users.updateUserById(userId: user.id, requestBody: UpdateUserByIdRequestBody(login: "nobody@example.com"))
            }

            #expect(error?.status == 400)
            #expect(try await admin.users.getUserById(userId: user.id).login == user.login)
        }
    }

    @Test func aNotificationEmailIsSetAndRemoved() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let user = try await makeUser(admin)

            let set = try await admin.users.updateUserById(userId: user.id, requestBody: UpdateUserByIdRequestBody(
                isPasswordResetRequired: true,
                notificationEmail: .value(UpdateUserByIdRequestBodyNotificationEmailField(email: "alerts@example.org"))))
            #expect(set.notificationEmail?.email == "alerts@example.org")
            #expect(set.notificationEmail?.isConfirmed == false)

            let removed = try await admin.users.updateUserById(
                userId: user.id, requestBody: UpdateUserByIdRequestBody(notificationEmail: .null))
            #expect(removed.notificationEmail == nil)
        }
    }
}
