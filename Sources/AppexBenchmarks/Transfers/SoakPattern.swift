/// The bytes of the soak's files, computed from a seed and an offset: the server checks an
/// upload and the app checks a download as they come, holding no copy of either.
enum SoakPattern {
    /// The byte at `offset` of file `seed`.
    @inline(__always)
    static func byte(seed: UInt64, offset: Int) -> UInt8 {
        var x = (UInt64(offset) &+ seed &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 31
        return UInt8(truncatingIfNeeded: x >> 24)
    }

    /// `count` bytes of file `seed` from `offset`.
    static func bytes(seed: UInt64, offset: Int, count: Int) -> [UInt8] {
        (0..<count).map { byte(seed: seed, offset: offset + $0) }
    }

    /// Whether `buffer` is file `seed`'s bytes from `offset`.
    static func matches(_ buffer: UnsafeRawBufferPointer, seed: UInt64, offset: Int) -> Bool {
        for (index, value) in buffer.enumerated() where value != byte(seed: seed, offset: offset + index) { return false }
        return true
    }
}
