import Foundation

/// Images made here, byte by byte.
enum ImageSamples {
    /// A 1×1 PNG: the signature and an IHDR chunk are all the header reader needs.
    static let png: Data = {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0] + [0x90, 0x77, 0x53, 0xDE]
        return Data(bytes)
    }()
}
