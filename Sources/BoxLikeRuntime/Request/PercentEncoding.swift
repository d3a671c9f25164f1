/// RFC 3986 percent-encoding of path segments and query components, on UTF-8 bytes.
///
/// Foundation's `addingPercentEncoding(withAllowedCharacters:)` goes through `CharacterSet`
/// for every character; ids and query values are short and almost always plain ASCII, so
/// this returns them unchanged without copying and only rebuilds strings that need escapes.
enum PercentEncoding {
    /// Every byte outside RFC 3986 §2.3 unreserved characters (`A-Z a-z 0-9 - . _ ~`)
    /// becomes `%XX`, UTF-8 encoded.
    static func escapeUnreserved(_ value: String) -> String {
        let utf8 = value.utf8
        if utf8.allSatisfy(isUnreserved) { return value }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count * 3)
        for byte in utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
