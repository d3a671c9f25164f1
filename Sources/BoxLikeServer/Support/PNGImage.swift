/// A minimal PNG encoder: a square of one colour, 8-bit RGB, with the image data in stored
/// (uncompressed) deflate blocks. Enough for thumbnails and placeholders that any PNG
/// reader accepts.
enum PNGImage {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A `size`×`size` image filled with `red`, `green`, `blue`.
    static func square(size: Int, red: UInt8, green: UInt8, blue: UInt8) -> [UInt8] {
        var header: [UInt8] = []
        header.append(be32: UInt32(size))
        header.append(be32: UInt32(size))
        header += [8, 2, 0, 0, 0]  // bit depth 8, truecolour, deflate, adaptive filter, no interlace
        var row: [UInt8] = [0]     // filter type 0 per scanline
        for _ in 0..<size { row += [red, green, blue] }
        var raw: [UInt8] = []
        raw.reserveCapacity(row.count * size)
        for _ in 0..<size { raw += row }
        return signature + chunk("IHDR", header) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.append(be32: UInt32(data.count))
        let typed = Array(type.utf8) + data
        var crc = CRC32()
        crc.update(typed)
        bytes += typed
        bytes.append(be32: crc.value)
        return bytes
    }

    /// A zlib stream of stored deflate blocks (at most 65,535 bytes each) and its Adler-32.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = Swift.min(65_535, data.count - offset)
            let final: UInt8 = offset + length == data.count ? 1 : 0
            out.append(final)
            out.append(le16: UInt16(length))
            out.append(le16: ~UInt16(length))
            out += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        out.append(be32: b << 16 | a)
        return out
    }
}

extension [UInt8] {
    mutating func append(be32 value: UInt32) {
        for shift in stride(from: 24, through: 0, by: -8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
}
