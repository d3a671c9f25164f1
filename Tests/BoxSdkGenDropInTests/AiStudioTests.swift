import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.aiStudio`, as Box's documentation uses it.
@Suite("Drop-in: AI Studio")
struct AiStudioTests {
    @Test func anAgentIsCreatedListedReadUpdatedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client
            let agentName = UUID().uuidString

            let createdAgent = try await client.aiStudio.createAiAgent(requestBody: CreateAiAgent(
                name: agentName, accessState: "enabled", ask: AiStudioAgentAsk(accessState: "enabled", description: "desc1")))
            #expect(createdAgent.name == agentName)

            let agents = try await client.aiStudio.getAiAgents()
            let numAgents = agents.entries.count
            #expect(agents.entries[0].type?.rawValue == "ai_agent")

            let retrievedAgent = try await client.aiStudio.getAiAgentById(
                agentId: createdAgent.id, queryParams: GetAiAgentByIdQueryParams(fields: ["ask"]))
            #expect(retrievedAgent.name == agentName)
            #expect(retrievedAgent.accessState == "enabled")
            #expect(retrievedAgent.ask?.accessState == "enabled")
            #expect(retrievedAgent.ask?.description == "desc1")

            let updatedAgent = try await client.aiStudio.updateAiAgentById(
                agentId: createdAgent.id,
                requestBody: CreateAiAgent(name: agentName, accessState: "enabled", ask: AiStudioAgentAsk(accessState: "disabled", description: "desc2")))
            #expect(updatedAgent.accessState == "enabled")
            #expect(updatedAgent.ask?.accessState == "disabled")
            #expect(updatedAgent.ask?.description == "desc2")

            try await client.aiStudio.deleteAiAgentById(agentId: createdAgent.id)
            let agentsAfterDelete = try await client.aiStudio.getAiAgents()
            #expect(agentsAfterDelete.entries.count == numAgents - 1)
        }
    }
}
