import Foundation
import TypeIdentifiers

// Apple's UTType forms of the item-provider API (iOS 16, `NSItemProvider+UTType.h`): the
// same loads as the type-identifier forms, named by `UTType`.

extension ItemProvider {
    /// The registered types as `UTType`s, in registration (fidelity) order
    /// (`registeredContentTypes`). An identifier that is not a valid type identifier is
    /// left out.
    public var registeredContentTypes: [UTType] {
        registeredTypeIdentifiers.compactMap { UTType($0) }
    }

    /// The registered types that conform to `contentType`, in fidelity order
    /// (`registeredContentTypes(conformingTo:)`).
    ///
    /// ```swift
    /// provider.registeredContentTypes(conformingTo: .image)   // [public.heic, public.jpeg]
    /// ```
    public func registeredContentTypes(conformingTo contentType: UTType) -> [UTType] {
        registeredContentTypes.filter { $0.conforms(to: contentType) }
    }

    /// Loads the bytes of `contentType`: ``loadDataRepresentation(forTypeIdentifier:completionHandler:)``
    /// with the type's identifier (the coercion table's `Data` rows, a file's contents).
    /// Returns a `Progress` whose cancellation ends the load with -1000.
    @discardableResult
    public func loadDataRepresentation(for contentType: UTType,
                                       completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress {
        loadDataRepresentation(forTypeIdentifier: contentType.identifier, completionHandler: completionHandler)
    }

    /// Loads the bytes of `contentType` (Swift-only; Apple's form returns a `Progress` and so
    /// has no `async` counterpart).
    /// - Throws: ``ItemProviderError``.
    public func loadDataRepresentation(for contentType: UTType) async throws(ItemProviderError) -> Data {
        try await loadDataRepresentation(forTypeIdentifier: contentType.identifier)
    }

    /// Loads `contentType` as a file (`loadFileRepresentation(for:openInPlace:completionHandler:)`).
    ///
    /// Without `openInPlace`, or when the representation was not registered to open in
    /// place, the handler gets a temporary copy and `false`, and the copy is **deleted when
    /// the handler returns** (as ``loadFileRepresentation(forTypeIdentifier:completionHandler:)``).
    /// With `openInPlace` and a representation registered with `.openInPlace`, it gets the
    /// original file and `true` (as ``loadInPlaceFileRepresentation(forTypeIdentifier:completionHandler:)``).
    @discardableResult
    public func loadFileRepresentation(for contentType: UTType, openInPlace: Bool = false,
                                       completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void) -> Progress {
        loadFile(contentType.identifier, inPlace: openInPlace, completionHandler)
    }
}
