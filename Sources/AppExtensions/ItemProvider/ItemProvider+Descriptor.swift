import Foundation

extension ItemProvider {
    /// What another process may know about a provider without loading it: the types it
    /// offers, its suggested name and whether it has a preview. Values do not travel in
    /// this form; a host rebuilds providers whose handlers fetch them (the host's child-process runner; docs/WIRE.md).
    public struct Descriptor: Hashable, Sendable, Codable {
        /// The registered type identifiers other processes may load, in fidelity order
        /// (`.ownProcess` representations are left out).
        public var registeredTypeIdentifiers: [String]
        /// The suggested file name.
        public var suggestedName: String?
        /// Whether a preview image can be loaded.
        public var hasPreviewImage: Bool
        /// The registered types whose representation is a file (a host hands those over
        /// as file descriptors); a subset of ``registeredTypeIdentifiers``.
        public var fileTypeIdentifiers: [String]

        /// Creates a descriptor.
        public init(registeredTypeIdentifiers: [String], suggestedName: String? = nil, hasPreviewImage: Bool = false,
                    fileTypeIdentifiers: [String] = []) {
            self.registeredTypeIdentifiers = registeredTypeIdentifiers
            self.suggestedName = suggestedName
            self.hasPreviewImage = hasPreviewImage
            self.fileTypeIdentifiers = fileTypeIdentifiers
        }

        enum CodingKeys: String, CodingKey {
            case registeredTypeIdentifiers, suggestedName, hasPreviewImage, fileTypeIdentifiers
        }

        /// Decodes a descriptor; `fileTypeIdentifiers` may be absent (none).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            registeredTypeIdentifiers = try container.decode([String].self, forKey: .registeredTypeIdentifiers)
            suggestedName = try container.decodeIfPresent(String.self, forKey: .suggestedName)
            hasPreviewImage = try container.decodeIfPresent(Bool.self, forKey: .hasPreviewImage) ?? false
            fileTypeIdentifiers = try container.decodeIfPresent([String].self, forKey: .fileTypeIdentifiers) ?? []
        }

        /// Encodes the descriptor; an empty `fileTypeIdentifiers` is left out.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(registeredTypeIdentifiers, forKey: .registeredTypeIdentifiers)
            try container.encodeIfPresent(suggestedName, forKey: .suggestedName)
            try container.encode(hasPreviewImage, forKey: .hasPreviewImage)
            if !fileTypeIdentifiers.isEmpty { try container.encode(fileTypeIdentifiers, forKey: .fileTypeIdentifiers) }
        }
    }

    /// The provider as other processes see it.
    public var descriptor: Descriptor {
        state.withLock { state in
            let visible = state.representations.filter { $0.visibility != .ownProcess }
            return Descriptor(registeredTypeIdentifiers: visible.map(\.typeIdentifier),
                              suggestedName: state.suggestedName, hasPreviewImage: state.previewImageHandler != nil,
                              fileTypeIdentifiers: visible.filter(\.isFile).map(\.typeIdentifier))
        }
    }

    /// A provider that offers `descriptor`'s types but holds no values: every load fails
    /// with -1000 saying the value was not transported. Used where only the shape of an
    /// item matters (decoded ``ExtensionItem``s, activation).
    public convenience init(describing descriptor: Descriptor) {
        self.init()
        for type in descriptor.registeredTypeIdentifiers {
            registerItem(forTypeIdentifier: type) { completion, _, _ in
                completion(nil, ItemProviderError(.itemUnavailableError,
                                                  "Cannot load representation of type \(type): the provider was decoded from its description and carries no values"))
            }
        }
        suggestedName = descriptor.suggestedName
        if descriptor.hasPreviewImage {
            previewImageHandler = { completion, _, _ in
                completion(nil, ItemProviderError(.itemUnavailableError,
                                                  "Cannot load the preview image: the provider was decoded from its description and carries no values"))
            }
        }
    }
}
