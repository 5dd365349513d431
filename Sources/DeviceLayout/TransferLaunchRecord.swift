import Foundation

/// What the host tells the transfer service about an extension it launched: the grant
/// behind the token the extension presents (``TransferServiceLayout/launchRecord(token:)``).
///
/// The host writes it before the extension starts and removes it when the run ends. The
/// service trusts the file, not the caller: an extension in its sandbox cannot see
/// `Transfers/Launches/`, so the only way to a grant is the token its host handed it.
public struct TransferLaunchRecord: Codable, Hashable, Sendable {
    /// The extension's bundle identifier.
    public var extensionIdentifier: String
    /// Its containing app's bundle identifier: background sessions are the app's, shared
    /// by the app and its extensions.
    public var applicationIdentifier: String
    /// The app groups its entitlements name (`com.apple.security.application-groups`).
    public var appGroups: [String]
    /// The host process that launched it.
    public var hostProcessIdentifier: Int32
    /// When the grant was written.
    public var issued: Date

    /// Creates a record.
    public init(extensionIdentifier: String, applicationIdentifier: String, appGroups: [String],
                hostProcessIdentifier: Int32, issued: Date = Date()) {
        self.extensionIdentifier = extensionIdentifier
        self.applicationIdentifier = applicationIdentifier
        self.appGroups = appGroups
        self.hostProcessIdentifier = hostProcessIdentifier
        self.issued = issued
    }

    /// A fresh token: 32 random bytes as 64 hexadecimal digits.
    public static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Whether `token` has the shape ``makeToken()`` gives (and so names no other path).
    public static func isWellFormedToken(_ token: String) -> Bool {
        token.utf8.count == 64 && token.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The record as its file holds it (JSON, ISO 8601 dates).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// A record read back from its file.
    public static func decode(_ data: Data) throws -> TransferLaunchRecord {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(TransferLaunchRecord.self, from: data)
    }
}
