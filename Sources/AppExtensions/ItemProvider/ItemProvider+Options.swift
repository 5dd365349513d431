import Foundation

extension ItemProvider {
    /// Who may load a representation (`NSItemProviderRepresentationVisibility`).
    ///
    /// In one process every representation loads; when a provider is described for
    /// another process (``Descriptor``), `.ownProcess` representations are left out.
    public enum RepresentationVisibility: Int, Hashable, Sendable, Codable {
        /// Any process.
        case all = 0
        /// Processes from the same team (Apple: iOS only).
        case team = 1
        /// Processes in the same group (Apple: macOS only).
        case group = 2
        /// Only the registering process.
        case ownProcess = 3
    }

    /// How a file representation may be handed out (`NSItemProviderFileOptions`).
    public struct FileOptions: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        /// Creates options from Apple's raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The file may be opened in place rather than copied (`NSItemProviderFileOptionOpenInPlace`).
        public static let openInPlace = FileOptions(rawValue: 1)
    }
}

/// Options for a load (`[AnyHashable: Any]` on Apple platforms).
///
/// Written as a dictionary literal, as iOS code does: `[:]`, or
/// `[LoadOptions.preferredImageSizeKey: CGSize(width: 300, height: 300)]`. Only the
/// preferred image size has a meaning to the provider; every entry is passed on to
/// load handlers.
public struct LoadOptions: Sendable, ExpressibleByDictionaryLiteral {
    /// Apple's key for the preferred image size (`NSItemProviderPreferredImageSizeKey`).
    public static let preferredImageSizeKey = "NSItemProviderPreferredImageSizeKey"

    /// The entries, by key.
    public var values: [String: any Sendable]

    /// Creates options from entries.
    public init(_ values: [String: any Sendable] = [:]) { self.values = values }

    /// Creates options from a literal; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, any Sendable)...) {
        self.values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    /// The preferred size of a preview image, when given as a `CGSize`.
    public var preferredImageSize: CGSize? {
        get { values[Self.preferredImageSizeKey] as? CGSize }
        set { values[Self.preferredImageSizeKey] = newValue }
    }
}
