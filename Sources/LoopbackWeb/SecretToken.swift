import Foundation

/// The secret in every address of a loopback page (the share sheet's, the dashboard's, the
/// keyboard panel's): 128 random bits, hex.
package struct SecretToken: Sendable {
    package let value: String

    /// A new random token (the system's generator).
    package init() {
        var generator = SystemRandomNumberGenerator()
        value = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Whether `candidate` is the token, compared in constant time.
    package func matches(_ candidate: Substring) -> Bool {
        let given = Array(candidate.utf8), expected = Array(value.utf8)
        guard given.count == expected.count else { return false }
        return zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
