import Foundation

/// The per-share secret in every URL of the sheet: 128 random bits, hex.
struct ShareToken: Sendable {
    let value: String

    /// A new random token (the system's generator).
    init() {
        var generator = SystemRandomNumberGenerator()
        value = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Whether `candidate` is the token, compared in constant time.
    func matches(_ candidate: Substring) -> Bool {
        let given = Array(candidate.utf8), expected = Array(value.utf8)
        guard given.count == expected.count else { return false }
        return zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
