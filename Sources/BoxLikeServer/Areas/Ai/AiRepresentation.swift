import BoxLikeJSON
import Foundation

/// The JSON of Box AI's answers and default agents, rendered outside the state actor.
enum AiRepresentation {
    /// `ai_agent_info`: the model that answered.
    static func agentInfo(_ agent: AiAgentUse) -> JSONValue {
        ["models": [["name": .string(agent.model), "provider": "boxlike", "supported_purpose": "local deterministic emulation"]],
         "processor": "basic_text"]
    }

    static func response(answer: JSONValue, inputs: AiInputs, extra: [String: JSONValue] = [:]) -> JSONValue {
        var object: [String: JSONValue] = [
            "answer": answer, "created_at": Timestamp.json(inputs.now), "completion_reason": "done",
            "ai_agent_info": agentInfo(inputs.agent),
        ]
        object.merge(extra) { _, new in new }
        return .object(object)
    }

    static func citations(_ sentences: [AiEmulation.Sentence]) -> JSONValue {
        .array(sentences.map { sentence in
            ["type": "file", "id": .string(sentence.document.id), "name": .string(sentence.document.name),
             "content": .string(sentence.text)]
        })
    }

    /// The default configuration of the agent for `mode`: what Box answers for
    /// `GET /ai_agent_default`, with the local emulation's model (or `model` when given).
    static func defaultAgent(mode: String, language: String?, model: String?) -> JSONValue? {
        let model = JSONValue.string(model ?? ServerState.aiEmulationModel)
        let template: JSONValue = .string("Answer from the text of the documents only. {user_question} {content}")
        let textTool: JSONValue = [
            "model": model, "num_tokens_for_completion": 8400, "llm_endpoint_params": ["type": "openai_params", "temperature": 0],
            "system_message": .string("You answer in \(language ?? "English") from the documents given."),
            "prompt_template": template,
        ]
        let longTextTool: JSONValue = [
            "model": model, "num_tokens_for_completion": 8400, "llm_endpoint_params": ["type": "openai_params", "temperature": 0],
            "system_message": .string("You answer in \(language ?? "English") from the documents given."),
            "prompt_template": template,
            "embeddings": ["model": "boxlike-local-words", "strategy": ["id": "basic", "num_tokens_per_chunk": 64]],
        ]
        switch mode {
        case "ask":
            return ["type": "ai_agent_ask", "basic_text": textTool, "long_text": longTextTool, "basic_text_multi": textTool,
                    "long_text_multi": longTextTool]
        case "text_gen":
            return ["type": "ai_agent_text_gen", "basic_gen": longTextTool]
        case "extract":
            return ["type": "ai_agent_extract", "basic_text": textTool, "long_text": longTextTool]
        case "extract_structured":
            return ["type": "ai_agent_extract_structured", "basic_text": textTool, "long_text": longTextTool]
        default:
            return nil
        }
    }
}
