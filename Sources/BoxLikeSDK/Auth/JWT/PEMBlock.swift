import Foundation

/// One PEM block (RFC 7468): its label (`ENCRYPTED PRIVATE KEY`), the RFC 1421 headers some
/// legacy blocks carry (`Proc-Type: 4,ENCRYPTED`) and the DER bytes it encodes.
struct PEMBlock: Sendable {
    /// What the block says it holds, between `BEGIN ` and the dashes.
    let label: String
    /// Header lines before the base64 text, by name.
    let headers: [String: String]
    /// The decoded content.
    let der: [UInt8]

    /// The first PEM block in `text`.
    ///
    /// App settings files sometimes carry the key with its line breaks escaped twice
    /// (`\\n` after JSON decoding); those are read as line breaks.
    ///
    /// - Throws: ``JWTConfigError`` `.wrongPEMKind` when there is no PEM block,
    ///   `.malformedPrivateKey` when its content is not base64.
    init(firstIn text: String) throws(JWTConfigError) {
        var normalised = text.replacingOccurrences(of: "\r\n", with: "\n")
        if !normalised.contains("\n") && normalised.contains("\\n") {
            normalised = normalised.replacingOccurrences(of: "\\n", with: "\n")
        }
        let lines = normalised.split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard let begin = lines.firstIndex(where: { $0.hasPrefix("-----BEGIN ") && $0.hasSuffix("-----") }) else {
            throw JWTConfigError(.wrongPEMKind, "The private key is not in PEM format (no -----BEGIN ...----- line).")
        }
        let label = String(lines[begin].dropFirst("-----BEGIN ".count).dropLast(5))
        guard let end = lines[(begin + 1)...].firstIndex(of: "-----END \(label)-----") else {
            throw JWTConfigError(.malformedPrivateKey, "The PEM block \(label) has no matching END line.")
        }
        var headers: [String: String] = [:]
        var base64 = ""
        for line in lines[(begin + 1)..<end] {
            if let colon = line.firstIndex(of: ":"), base64.isEmpty {
                headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            } else {
                base64 += line
            }
        }
        guard let data = Data(base64Encoded: base64), !data.isEmpty else {
            throw JWTConfigError(.malformedPrivateKey, "The PEM block \(label) does not contain base64 data.")
        }
        self.label = label
        self.headers = headers
        self.der = Array(data)
    }
}
