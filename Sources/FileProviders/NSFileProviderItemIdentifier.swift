/// The identifier of an item a file provider serves (Apple's `NSFileProviderItemIdentifier`):
/// any string the provider chooses, stable for the item's life, plus the system's reserved
/// containers.
public struct NSFileProviderItemIdentifier: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
                                            CustomStringConvertible {
    /// The identifier's text.
    public let rawValue: String

    /// Wraps `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps `rawValue` (Apple's unlabelled form).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Wraps a literal.
    public init(stringLiteral value: String) { rawValue = value }

    /// The root of the provider's tree: the mount's top folder.
    public static let rootContainer = NSFileProviderItemIdentifier("NSFileProviderRootContainerItemIdentifier")
    /// The items the person is likely to want soon, whatever their folder (Apple's working
    /// set). The mount does not show it as a folder; an enumerator may serve it.
    public static let workingSet = NSFileProviderItemIdentifier("NSFileProviderWorkingSetContainerItemIdentifier")
    /// The trash. The mount deletes rather than trashes, so it never asks for it.
    public static let trashContainer = NSFileProviderItemIdentifier("NSFileProviderTrashContainerItemIdentifier")

    /// The identifier's text.
    public var description: String { rawValue }
}
