import Foundation

/// Where an enumeration of a folder resumes (Apple's `NSFileProviderPage`): bytes the
/// provider chooses, handed back to it unchanged.
public struct NSFileProviderPage: RawRepresentable, Hashable, Sendable, Codable {
    /// The page's bytes.
    public let rawValue: Data

    /// Wraps the provider's bytes.
    public init(rawValue: Data) { self.rawValue = rawValue }
    /// Wraps the provider's bytes (Apple's unlabelled form).
    public init(_ rawValue: Data) { self.rawValue = rawValue }

    /// The first page, items sorted by name: what the mount asks for.
    public static let initialPageSortedByName = NSFileProviderPage(Data([0x6E])) // "n"
    /// The first page, items sorted by date.
    public static let initialPageSortedByDate = NSFileProviderPage(Data([0x64])) // "d"
}

/// A point in a provider's history of changes (Apple's `NSFileProviderSyncAnchor`): bytes
/// the provider chooses, handed back to it unchanged.
public struct NSFileProviderSyncAnchor: RawRepresentable, Hashable, Sendable, Codable {
    /// The anchor's bytes.
    public let rawValue: Data

    /// Wraps the provider's bytes.
    public init(rawValue: Data) { self.rawValue = rawValue }
    /// Wraps the provider's bytes (Apple's unlabelled form).
    public init(_ rawValue: Data) { self.rawValue = rawValue }
}
