/// Decompression of raw DEFLATE data (RFC 1951), as zip entries of method 8 hold it.
///
/// Written here rather than bound to the system's zlib so the server needs no C library or
/// headers beyond what it already builds with. It is made for documents of a few megabytes:
/// codes are decoded a bit at a time, and the output is capped by `limit`.
enum Inflate {
    /// Data that is not a valid DEFLATE stream, or would grow past the limit.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The decompressed bytes of `input`, refusing to produce more than `limit` bytes.
    static func decompress(_ input: [UInt8], limit: Int) throws -> [UInt8] {
        var reader = BitReader(input: input)
        var output: [UInt8] = []
        var isFinal = false
        while !isFinal {
            isFinal = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0:
                try copyStored(&reader, into: &output, limit: limit)
            case 1:
                try inflateBlock(&reader, into: &output, literals: fixedLiterals, distances: fixedDistances, limit: limit)
            case 2:
                let (literals, distances) = try dynamicCodes(&reader)
                try inflateBlock(&reader, into: &output, literals: literals, distances: distances, limit: limit)
            default:
                throw Failure(description: "reserved block type")
            }
        }
        return output
    }

    // MARK: - Blocks

    private static func copyStored(_ reader: inout BitReader, into output: inout [UInt8], limit: Int) throws {
        reader.skipToByteBoundary()
        let length = try reader.bits(16)
        let complement = try reader.bits(16)
        guard length == ~complement & 0xFFFF else { throw Failure(description: "stored block length mismatch") }
        guard output.count + length <= limit else { throw Failure(description: "output exceeds \(limit) bytes") }
        for _ in 0..<length {
            output.append(UInt8(try reader.bits(8)))
        }
    }

    /// Base lengths and extra bits of length symbols 257...285.
    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    /// Base distances and extra bits of distance symbols 0...29.
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                                       4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private static func inflateBlock(_ reader: inout BitReader, into output: inout [UInt8], literals: HuffmanCode,
                                     distances: HuffmanCode, limit: Int) throws {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                guard output.count < limit else { throw Failure(description: "output exceeds \(limit) bytes") }
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < lengthBase.count else { throw Failure(description: "invalid length symbol") }
            let length = lengthBase[lengthIndex] + (try reader.bits(lengthExtra[lengthIndex]))
            let distanceSymbol = try distances.decode(&reader)
            guard distanceSymbol < distanceBase.count else { throw Failure(description: "invalid distance symbol") }
            let distance = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
            guard distance <= output.count else { throw Failure(description: "distance reaches before the start") }
            guard output.count + length <= limit else { throw Failure(description: "output exceeds \(limit) bytes") }
            // Byte by byte: the copy may overlap what it writes (a run of one repeated byte).
            let start = output.count - distance
            for offset in 0..<length {
                output.append(output[start + offset])
            }
        }
    }

    /// The fixed codes of block type 1 (RFC 1951, 3.2.6).
    private static let fixedLiterals: HuffmanCode = {
        let lengths = Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112) + Array(repeating: 7, count: 24)
            + Array(repeating: 8, count: 8)
        return (try? HuffmanCode(lengths: lengths)) ?? HuffmanCode.empty
    }()

    private static let fixedDistances: HuffmanCode = (try? HuffmanCode(lengths: Array(repeating: 5, count: 30))) ?? HuffmanCode.empty

    /// The order the code length code lengths are stored in (RFC 1951, 3.2.7).
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Reads the code descriptions at the start of a block of type 2.
    private static func dynamicCodes(_ reader: inout BitReader) throws -> (HuffmanCode, HuffmanCode) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeLengthCount = try reader.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw Failure(description: "too many codes") }
        var codeLengthLengths = Array(repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            codeLengthLengths[codeLengthOrder[index]] = try reader.bits(3)
        }
        let codeLengthCode = try HuffmanCode(lengths: codeLengthLengths)
        var lengths: [Int] = []
        let total = literalCount + distanceCount
        while lengths.count < total {
            let symbol = try codeLengthCode.decode(&reader)
            switch symbol {
            case 0...15:
                lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Failure(description: "repeat with no previous length") }
                lengths += Array(repeating: previous, count: 3 + (try reader.bits(2)))
            case 17:
                lengths += Array(repeating: 0, count: 3 + (try reader.bits(3)))
            default:
                lengths += Array(repeating: 0, count: 11 + (try reader.bits(7)))
            }
        }
        guard lengths.count == total else { throw Failure(description: "code lengths overrun") }
        guard lengths[256] > 0 else { throw Failure(description: "no end-of-block code") }
        return (try HuffmanCode(lengths: Array(lengths[0..<literalCount])), try HuffmanCode(lengths: Array(lengths[literalCount...])))
    }
}

/// Reads a byte array a few bits at a time, least significant bit first, as DEFLATE packs it.
private struct BitReader {
    let input: [UInt8]
    private var position = 0
    private var buffer: UInt64 = 0
    private var count = 0

    init(input: [UInt8]) {
        self.input = input
    }

    mutating func bits(_ needed: Int) throws -> Int {
        guard needed > 0 else { return 0 }
        while count < needed {
            guard position < input.count else { throw Inflate.Failure(description: "data ends early") }
            buffer |= UInt64(input[position]) << UInt64(count)
            position += 1
            count += 8
        }
        let value = Int(buffer & ((1 << UInt64(needed)) - 1))
        buffer >>= UInt64(needed)
        count -= needed
        return value
    }

    /// Drops the bits left in the current byte (stored blocks start on a byte).
    mutating func skipToByteBoundary() {
        let extra = count % 8
        buffer >>= UInt64(extra)
        count -= extra
    }
}

/// A canonical Huffman code (RFC 1951, 3.2.2), given by the code length of each symbol, and
/// decoded by walking the lengths: codes of one length are consecutive numbers, so a code
/// read so far either falls in the range of its length or continues with another bit.
private struct HuffmanCode {
    /// How many symbols have a code of each length, 0...15.
    let countsByLength: [Int]
    /// The symbols with a code, by code length and then by symbol.
    let symbols: [Int]

    static let empty = HuffmanCode(countsByLength: Array(repeating: 0, count: 16), symbols: [])

    private init(countsByLength: [Int], symbols: [Int]) {
        self.countsByLength = countsByLength
        self.symbols = symbols
    }

    init(lengths: [Int]) throws {
        var counts = Array(repeating: 0, count: 16)
        for length in lengths {
            guard (0...15).contains(length) else { throw Inflate.Failure(description: "code length out of range") }
            counts[length] += 1
        }
        // More codes of some length than the shorter ones leave room for: not a prefix code.
        var room = 1
        for length in 1...15 {
            room = room * 2 - counts[length]
            guard room >= 0 else { throw Inflate.Failure(description: "over-subscribed code") }
        }
        symbols = (1...15).flatMap { length in lengths.indices.filter { lengths[$0] == length } }
        counts[0] = 0
        countsByLength = counts
    }

    func decode(_ reader: inout BitReader) throws -> Int {
        var code = 0
        var firstOfLength = 0
        var symbolIndex = 0
        for length in 1...15 {
            code |= try reader.bits(1)
            let count = countsByLength[length]
            if code - firstOfLength < count {
                return symbols[symbolIndex + code - firstOfLength]
            }
            symbolIndex += count
            firstOfLength = (firstOfLength + count) << 1
            code <<= 1
        }
        throw Inflate.Failure(description: "invalid code")
    }
}
