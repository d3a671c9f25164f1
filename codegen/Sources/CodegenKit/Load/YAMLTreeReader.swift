import Yams

/// Reads YAML text into a ``SpecValue``.
///
/// Plain scalars are typed as YAML 1.2's core schema does (`null`, `true`, `12`, `1.5e3`;
/// `yes` and `on` stay strings); quoted and block scalars are strings. Anchors and aliases
/// are expanded and merge keys (`<<`) applied, keys written beside them winning.
enum YAMLTreeReader {
    /// A problem with its `line:column` when Yams knows it.
    struct ReadError: Error {
        var mark: String?
        var message: String
    }

    /// Parses a whole document; `nil` when the text holds no document.
    static func read(_ text: String) throws(ReadError) -> SpecValue? {
        let root: Node?
        do {
            // Only merge keys are resolved: every plain scalar is typed below, once.
            root = try Parser(yaml: text, resolver: Resolver.basic.appending(.merge)).singleRoot()
        } catch let error as YamlError {
            throw describe(error)
        } catch {
            throw ReadError(mark: nil, message: "invalid YAML: \(error)")
        }
        guard let root else { return nil }
        return try convert(root)
    }

    private static func convert(_ node: Node) throws(ReadError) -> SpecValue {
        switch node {
        case .scalar(let scalar):
            return value(of: scalar)
        case .sequence(let sequence):
            var elements: [SpecValue] = []
            elements.reserveCapacity(sequence.count)
            for element in sequence {
                elements.append(try convert(element))
            }
            return .array(elements)
        case .mapping(let mapping):
            var object = SpecObject()
            var merged: [SpecObject] = []
            for (key, value) in mapping {
                guard case .scalar(let keyScalar) = key else {
                    throw ReadError(mark: key.mark?.description, message: "mapping keys must be scalars")
                }
                if keyScalar.string == "<<", keyScalar.style == .plain {
                    merged += try mergedObjects(value)
                    continue
                }
                object[keyScalar.string] = try convert(value)
            }
            // Keys written in the mapping win over merged ones (YAML merge key semantics).
            for source in merged {
                for entry in source where !object.contains(entry.key) {
                    object[entry.key] = entry.value
                }
            }
            return .object(object)
        case .alias(let alias):
            throw ReadError(mark: alias.mark?.description, message: "unresolved alias")
        }
    }

    private static func mergedObjects(_ node: Node) throws(ReadError) -> [SpecObject] {
        switch try convert(node) {
        case .object(let object):
            return [object]
        case .array(let elements):
            return elements.compactMap(\.object)
        default:
            throw ReadError(mark: node.mark?.description, message: "a merge key (`<<`) needs a mapping or a list of them")
        }
    }

    /// Types a scalar the way YAML 1.2's core schema does.
    static func value(of scalar: Node.Scalar) -> SpecValue {
        guard scalar.style == .plain || scalar.style == .any else { return .string(scalar.string) }
        let text = scalar.string
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let number = number(text) { return .number(number) }
        return .string(text)
    }

    /// A plain scalar's number as JSON-style literal text, or `nil` when it is not one.
    private static func number(_ text: String) -> String? {
        guard let first = text.utf8.first,
              first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
                || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
        else { return nil }
        let unsigned = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        let sign = text.hasPrefix("-") ? "-" : ""
        if unsigned.hasPrefix("0x"), let value = Int64(unsigned.dropFirst(2), radix: 16) {
            return sign + String(value)
        }
        if unsigned.hasPrefix("0o"), let value = Int64(unsigned.dropFirst(2), radix: 8) {
            return sign + String(value)
        }
        // Digits with an optional fraction and exponent; `.5` and `5.` are YAML floats too.
        var sawDigit = false
        var index = unsigned.startIndex
        func skipDigits() {
            while index < unsigned.endIndex, unsigned[index].isASCII, unsigned[index].isNumber {
                sawDigit = true
                index = unsigned.index(after: index)
            }
        }
        skipDigits()
        if index < unsigned.endIndex, unsigned[index] == "." {
            index = unsigned.index(after: index)
            skipDigits()
        }
        guard sawDigit else { return nil }
        if index < unsigned.endIndex, unsigned[index] == "e" || unsigned[index] == "E" {
            index = unsigned.index(after: index)
            if index < unsigned.endIndex, unsigned[index] == "+" || unsigned[index] == "-" {
                index = unsigned.index(after: index)
            }
            let exponentStart = index
            while index < unsigned.endIndex, unsigned[index].isASCII, unsigned[index].isNumber {
                index = unsigned.index(after: index)
            }
            guard index > exponentStart else { return nil }
        }
        guard index == unsigned.endIndex else { return nil }
        return text
    }

    /// Yams reports syntax errors with a mark; keep it for the diagnostic's location.
    private static func describe(_ error: YamlError) -> ReadError {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            return ReadError(mark: "\(mark.line):\(mark.column)", message: "invalid YAML: \(detail)")
        default:
            return ReadError(mark: nil, message: "invalid YAML: \(error)")
        }
    }
}
