import Foundation

extension Data {
    /// `count` bytes that no shift, repeat or swap of a part reproduces: each 8-byte block
    /// is SplitMix64 of its index (mixed with `seed`).
    ///
    /// The transfer tests compare whole bodies and files with it. A pattern of the byte's
    /// offset alone repeats every 256 bytes, and a hash of the offset's low bits repeats
    /// every 2^n: a chunk sent twice or out of place (chunks are 512 KiB) would still compare
    /// equal. SplitMix64's outputs for distinct indices differ, so this one does not.
    static func testPattern(count: Int, seed: UInt64 = 0) -> Data {
        var data = Data(count: count)
        data.withUnsafeMutableBytes { buffer in
            var state = seed &* 0xD1B5_4A32_D192_ED03
            var offset = 0
            while offset < count {
                state &+= 0x9E37_79B9_7F4A_7C15
                var mixed = state
                mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
                mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
                mixed ^= mixed >> 31
                let length = Swift.min(8, count - offset)
                Swift.withUnsafeBytes(of: mixed.littleEndian) { block in
                    UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<(offset + length)])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: block[..<length]))
                }
                offset += length
            }
        }
        return data
    }
}
