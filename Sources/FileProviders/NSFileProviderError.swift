import Foundation

/// A file provider's error (Apple's `NSFileProviderError`), in the domain
/// `NSFileProviderErrorDomain`. The mount turns each code into the `errno` a program sees
/// (docs/STORAGE-PROVIDERS.md, "Errors").
public struct NSFileProviderError: Error, Hashable, Sendable, CustomNSError, CustomStringConvertible {
    /// Apple's codes, with Apple's numbers.
    public enum Code: Int, Hashable, Sendable, Codable, CaseIterable {
        /// The person's credentials could not be checked.
        case notAuthenticated = -1000
        /// An item of that name is already in the folder.
        case filenameCollision = -1001
        /// The anchor (or the page) is too old: list again from scratch.
        case syncAnchorExpired = -1002
        /// The account has no room for the item.
        case insufficientQuota = -1003
        /// The server cannot be reached.
        case serverUnreachable = -1004
        /// No item has that identifier.
        case noSuchItem = -1005
        /// The deletion was refused.
        case deletionRejected = -1006
        /// The folder is not empty.
        case directoryNotEmpty = -1007
        /// No provider has that identifier.
        case providerNotFound = -2001
        /// The provider cannot synchronize now.
        case cannotSynchronize = -2005

        /// The page is too old (the same number as ``syncAnchorExpired``, as Apple's).
        public static let pageExpired = Code.syncAnchorExpired
    }

    /// The error's domain, Apple's.
    public static let errorDomain = "NSFileProviderErrorDomain"

    /// What went wrong.
    public var code: Code
    /// The provider's own words, when it gave any.
    public var localizedMessage: String?

    /// Creates an error; the user info's `NSLocalizedDescriptionKey`, when a string, is kept.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        localizedMessage = userInfo[NSLocalizedDescriptionKey] as? String
    }

    /// The code's number (Apple's).
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] {
        localizedMessage.map { [NSLocalizedDescriptionKey: $0] } ?? [:]
    }

    /// `noSuchItem (-1005)`, with the provider's words when it gave any.
    public var description: String {
        let base = "\(code) (\(code.rawValue))"
        return localizedMessage.map { "\(base): \($0)" } ?? base
    }

    public static var notAuthenticated: Code { .notAuthenticated }
    public static var filenameCollision: Code { .filenameCollision }
    public static var syncAnchorExpired: Code { .syncAnchorExpired }
    public static var pageExpired: Code { .pageExpired }
    public static var insufficientQuota: Code { .insufficientQuota }
    public static var serverUnreachable: Code { .serverUnreachable }
    public static var noSuchItem: Code { .noSuchItem }
    public static var deletionRejected: Code { .deletionRejected }
    public static var directoryNotEmpty: Code { .directoryNotEmpty }
}

extension NSError {
    /// A ``NSFileProviderError/Code/noSuchItem`` error naming `itemIdentifier` (Apple's helper).
    public static func fileProviderErrorForNonExistentItem(withIdentifier itemIdentifier: NSFileProviderItemIdentifier) -> NSError {
        NSError(domain: NSFileProviderError.errorDomain, code: NSFileProviderError.Code.noSuchItem.rawValue,
                userInfo: [NSLocalizedDescriptionKey: "no item has the identifier \(itemIdentifier.rawValue)"])
    }

    /// A ``NSFileProviderError/Code/filenameCollision`` error naming the item already there
    /// (Apple's helper).
    public static func fileProviderErrorForCollision(with existingItem: NSFileProviderItem) -> NSError {
        NSError(domain: NSFileProviderError.errorDomain, code: NSFileProviderError.Code.filenameCollision.rawValue,
                userInfo: [NSLocalizedDescriptionKey: "\(existingItem.filename) is already in the folder"])
    }
}
