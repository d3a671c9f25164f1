import BoxLikeJSON
import Foundation

/// What a skill last reported for a file through `PUT /skill_invocations/{id}`.
struct SkillInvocationRecord: Sendable {
    var skillId: String
    var fileId: String
    /// `invoked`, `processing`, `success`, `transient_failure` or `permanent_failure`.
    var status: String
    var usage: JSONValue?
    var reportedAt: Date
}

/// Skill invocation reports, by skill id then file id.
struct SkillsState: AreaState {
    var invocations: [String: [String: SkillInvocationRecord]] = [:]
}
