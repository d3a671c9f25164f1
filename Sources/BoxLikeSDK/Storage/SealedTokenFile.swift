import Crypto
import Foundation

/// The on-disk format of an encrypted token file:
///
/// ```
/// "BLTK" | version (1 byte) | key fingerprint (8) | sealed length (4, big endian) | AES-GCM nonce+ciphertext+tag
/// ```
///
/// The header is authenticated along with the file's place (namespace and name), so a file
/// copied over another credential's file is rejected. The length lets a cut-off file be told
/// apart from a modified one, and the fingerprint lets a wrong key be told apart from both.
enum SealedTokenFile {
    static let magic: [UInt8] = Array("BLTK".utf8)
    static let version: UInt8 = 1
    static let headerCount = 4 + 1 + 8 + 4
    /// Nonce (12) and tag (16) around the ciphertext.
    static let sealOverhead = 28

    static func seal(_ plaintext: Data, key: EncryptedFileTokenStorage.Key, context: String) throws -> Data {
        let sealedCount = plaintext.count + sealOverhead
        var header = magic
        header.append(version)
        header.append(contentsOf: key.identifier)
        header.append(contentsOf: withUnsafeBytes(of: UInt32(sealedCount).bigEndian) { Array($0) })
        let box: AES.GCM.SealedBox
        do {
            box = try AES.GCM.seal(plaintext, using: key.symmetricKey,
                                   authenticating: associatedData(header: header, context: context))
        } catch {
            throw TokenStorageError.invalidKey(reason: "AES-GCM refused to seal")
        }
        guard let combined = box.combined, combined.count == sealedCount else {
            throw TokenStorageError.invalidKey(reason: "AES-GCM produced an unexpected layout")
        }
        return Data(header) + combined
    }

    /// Opens a file sealed with whichever of `keys` its fingerprint names.
    static func open(_ file: Data, keys: [EncryptedFileTokenStorage.Key], context: String, path: String) throws -> Data {
        let bytes = [UInt8](file)
        if bytes.count >= headerCount, let key = keys.first(where: { $0.identifier == Array(bytes[5..<13]) }) {
            return try open(file, key: key, context: context, path: path)
        }
        return try open(file, key: keys[0], context: context, path: path)
    }

    /// The fingerprint of the key a file was sealed with, if the file has a header.
    static func keyIdentifier(of file: Data) -> [UInt8]? {
        let bytes = [UInt8](file)
        guard bytes.count >= headerCount, Array(bytes[0..<4]) == magic else { return nil }
        return Array(bytes[5..<13])
    }

    static func open(_ file: Data, key: EncryptedFileTokenStorage.Key, context: String, path: String) throws -> Data {
        let bytes = [UInt8](file)
        guard bytes.count >= headerCount else {
            if bytes.count >= 4, Array(bytes[0..<4]) != magic {
                throw TokenStorageError.unsupportedFormat(path: path, detail: "unknown file signature")
            }
            throw TokenStorageError.truncated(path: path)
        }
        guard Array(bytes[0..<4]) == magic else {
            throw TokenStorageError.unsupportedFormat(path: path, detail: "unknown file signature")
        }
        guard bytes[4] == version else {
            throw TokenStorageError.unsupportedFormat(path: path, detail: "format version \(bytes[4])")
        }
        guard Array(bytes[5..<13]) == key.identifier else {
            throw TokenStorageError.wrongKey(path: path)
        }
        let declared = bytes[13..<17].reduce(0) { ($0 << 8) | Int($1) }
        let actual = bytes.count - headerCount
        if actual < declared { throw TokenStorageError.truncated(path: path) }
        guard actual == declared, declared >= sealOverhead else { throw TokenStorageError.tampered(path: path) }
        do {
            let box = try AES.GCM.SealedBox(combined: bytes[headerCount...])
            return try AES.GCM.open(box, using: key.symmetricKey,
                                    authenticating: associatedData(header: Array(bytes[0..<headerCount]), context: context))
        } catch {
            throw TokenStorageError.tampered(path: path)
        }
    }

    private static func associatedData(header: [UInt8], context: String) -> Data {
        Data(header) + Data(context.utf8)
    }
}
