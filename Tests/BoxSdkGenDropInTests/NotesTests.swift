import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.notes`, as Box's documentation uses it.
@Suite("Drop-in: notes")
struct NotesTests {
    @Test func markdownIsConvertedToABoxNoteInTheFolder() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Meetings")

            let note = try await client.notes.createNoteConvertV2026R0(requestBody: NotesConvertRequestBodyV2026R0(
                content: "# Minutes\n\n- budget approved\n- next review in May\n",
                parent: FolderReferenceV2026R0(id: folder.id), name: "Minutes",
                contentFormat: NotesConvertRequestBodyV2026R0ContentFormatField.markdown))

            let file = try await client.files.getFileById(fileId: note.id)
            #expect(file.name == "Minutes.boxnote")
            #expect(file.parent?.id == folder.id)
        }
    }

    @Test func aNoteNamedLikeAnExistingItemIsAConflict() async throws {
        try await withLocalBox { box in
            let client = box.client
            let requestBody = NotesConvertRequestBodyV2026R0(
                content: "text", parent: FolderReferenceV2026R0(id: "0"), name: "Plan",
                contentFormat: NotesConvertRequestBodyV2026R0ContentFormatField.markdown)
            _ = try await client.notes.createNoteConvertV2026R0(requestBody: requestBody)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.notes.createNoteConvertV2026R0(requestBody: requestBody)
            }
            #expect(error?.responseInfo.statusCode == 409)
        }
    }
}
