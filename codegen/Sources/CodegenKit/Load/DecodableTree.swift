import Yams

/// Turns a normalized ``SpecValue`` into the Yams node OpenAPIKit decodes from.
///
/// Scalars carry explicit tags and styles so Yams reads each as what it is: a string
/// stays a string even when it looks like `true` or `12` (double-quoted, tagged `str`),
/// and a number or boolean still decodes where a string is expected (`version: 1.0`).
struct DecodableTree {
    private let stringTag = Tag(.str)
    private let intTag = Tag(.int)
    private let floatTag = Tag(.float)
    private let boolTag = Tag(.bool)
    private let nullTag = Tag(.null)

    /// A tag for a mapping or sequence. It must be implicit (Yams adds a `!tag` member to
    /// mappings with an explicit one) and is new for each node (Yams resolves implicit
    /// tags in place). Yams finds a key by building a node from the key's text with the
    /// mapping tag's resolver; the basic resolver types that node `str`, as keys are here.
    private func collectionTag() -> Tag {
        Tag(.implicit, .basic)
    }

    /// The node for a whole document.
    static func node(for value: SpecValue) -> Node {
        DecodableTree().node(value)
    }

    private func node(_ value: SpecValue) -> Node {
        switch value {
        case .null:
            return .scalar(Node.Scalar("null", nullTag, .plain))
        case .bool(let flag):
            return .scalar(Node.Scalar(flag ? "true" : "false", boolTag, .plain))
        case .number(let text):
            return .scalar(Node.Scalar(text, SpecNumber.isInteger(text) ? intTag : floatTag, .plain))
        case .string(let text):
            return .scalar(Node.Scalar(text, stringTag, .doubleQuoted))
        case .array(let elements):
            return .sequence(Node.Sequence(elements.map(node), collectionTag()))
        case .object(let object):
            let pairs = object.map { entry in
                (Node.scalar(Node.Scalar(entry.key, stringTag, .plain)), node(entry.value))
            }
            return .mapping(Node.Mapping(pairs, collectionTag()))
        }
    }
}
