import Foundation

extension ItemProvider {
    /// What another process may know about a provider without loading it: the types it
    /// offers, its suggested name and whether it has a preview. Values do not travel in
    /// this form; a host rebuilds providers whose handlers fetch them (issue 7).
    public struct Descriptor: Hashable, Sendable, Codable {
        /// The registered type identifiers other processes may load, in fidelity order
        /// (`.ownProcess` representations are left out).
        public var registeredTypeIdentifiers: [String]
        /// The suggested file name.
        public var suggestedName: String?
        /// Whether a preview image can be loaded.
        public var hasPreviewImage: Bool

        /// Creates a descriptor.
        public init(registeredTypeIdentifiers: [String], suggestedName: String? = nil, hasPreviewImage: Bool = false) {
            self.registeredTypeIdentifiers = registeredTypeIdentifiers
            self.suggestedName = suggestedName
            self.hasPreviewImage = hasPreviewImage
        }
    }

    /// The provider as other processes see it.
    public var descriptor: Descriptor {
        state.withLock { state in
            Descriptor(registeredTypeIdentifiers: state.representations.filter { $0.visibility != .ownProcess }.map(\.typeIdentifier),
                       suggestedName: state.suggestedName, hasPreviewImage: state.previewImageHandler != nil)
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
