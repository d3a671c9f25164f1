import BoxLikeSDK
import Foundation
import Testing

@Suite("In-memory token storage")
struct StorageInMemoryTests {
    @Test func storagesSharingAVaultAreScopedByNamespaceAndCredential() async throws {
        let vault = InMemoryTokenStorage.Vault()
        let work = InMemoryTokenStorage(vault: vault, namespace: "work")
        let home = InMemoryTokenStorage(vault: vault, namespace: "home")
        await work.store(token: AccessToken(accessToken: "work"))
        await home.store(token: AccessToken(accessToken: "home"))
        await work.storage(forCredential: "second").store(token: AccessToken(accessToken: "work-2"))
        #expect(await work.get()?.accessToken == "work")
        #expect(await home.get()?.accessToken == "home")
        #expect(await work.storedCredentialIds() == ["default", "second"])
        #expect(await home.storedCredentialIds() == ["default"])
    }

    @Test func separateStoragesShareNothing() async throws {
        let first = InMemoryTokenStorage(token: AccessToken(accessToken: "first"))
        let second = InMemoryTokenStorage()
        #expect(await first.get()?.accessToken == "first")
        #expect(await second.get() == nil)
    }
}
