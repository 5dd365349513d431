import Foundation
import TypeIdentifiers

/// CoreTransferable's `Transferable`, reduced to what loading from an item provider needs.
///
/// Swift on Linux has no CoreTransferable, so Appex declares the protocol under Apple's name
/// for ``ItemProvider/loadTransferable(type:completionHandler:)``. Apple's types describe
/// themselves with `transferRepresentation` (a `TransferRepresentation` builder), which
/// does not exist here; a type says instead which content types it is imported from and
/// how it is made from their bytes. `Data`, `String` and `URL` conform (loaded through the
/// coercion table, docs/ITEM-PROVIDERS.md), and AppExtensionsCompat's `UIImage` does.
///
/// ```swift
/// provider.loadTransferable(type: URL.self) { result in
///     if case .success(let url) = result { … }
/// }
/// ```
public protocol Transferable: Sendable {
    /// The content types a value is imported from (not Apple's: CoreTransferable derives
    /// them from `transferRepresentation`). A load uses the first registered type, in the
    /// provider's fidelity order, that conforms to one of them.
    static var importedContentTypes: [UTType] { get }

    /// A value made from the bytes of `contentType` (not Apple's: CoreTransferable's
    /// `DataRepresentation(importedContentType:importing:)`).
    /// - Throws: when the bytes are not such a value; the load fails with -1100.
    static func importing(_ data: Data, contentType: UTType) throws -> Self
}

extension Data: Transferable {
    /// `public.data`: any bytes.
    public static var importedContentTypes: [UTType] { [.data] }
    /// The bytes as they are.
    public static func importing(_ data: Data, contentType: UTType) throws -> Data { data }
}

extension String: Transferable {
    /// `public.text`: text in any encoding the coercion table decodes.
    public static var importedContentTypes: [UTType] { [.text] }
    /// The bytes decoded as the coercion table decodes them (UTF-16 for the UTF-16 types, else UTF-8).
    public static func importing(_ data: Data, contentType: UTType) throws -> String {
        guard case .string(let text) = try ItemCoercion.coerce(.data(data), to: .string, registeredAs: contentType.identifier) else {
            throw ItemProviderError(.unexpectedValueClassError, "The bytes of \(contentType.identifier) are not text")
        }
        return text
    }
}

extension URL: Transferable {
    /// `public.url` (file URLs conform).
    public static var importedContentTypes: [UTType] { [.url] }
    /// The bytes decoded as text and parsed as an absolute URL.
    public static func importing(_ data: Data, contentType: UTType) throws -> URL {
        guard case .url(let url) = try ItemCoercion.coerce(.data(data), to: .url, registeredAs: contentType.identifier) else {
            throw ItemProviderError(.unexpectedValueClassError, "The bytes of \(contentType.identifier) are not a URL")
        }
        return url
    }
}

extension ItemProvider {
    /// Loads a value of `transferableType` (`loadTransferable(type:completionHandler:)`, iOS 16).
    ///
    /// The representation is the first registered type, in fidelity order, that conforms
    /// to one of the type's ``Transferable/importedContentTypes``. `Data`, `String` and `URL`
    /// are loaded through the coercion table (a file URL stays a URL, text registered as
    /// bytes is decoded); other types are made from the representation's bytes with
    /// ``Transferable/importing(_:contentType:)``. Fails with -1000 when no registered type
    /// conforms, -1100 when the bytes are not such a value. The handler runs once, on a
    /// background queue; cancelling the `Progress` ends the load with -1000.
    @discardableResult
    public func loadTransferable<T: Transferable>(
        type transferableType: T.Type,
        completionHandler: @escaping @Sendable (Result<T, any Error>) -> Void
    ) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        let wanted = T.importedContentTypes.map(\.identifier)
        guard let type = firstRegisteredType(conformingToAnyOf: wanted) else {
            let error = ItemProviderError.notRegistered(wanted.joined(separator: " or "), registered: registeredTypeIdentifiers)
            Self.later(Result<Int, ItemProviderError>.failure(error)) { _ in completionHandler(.failure(error)) }
            return progress
        }
        if let coercible = T.self as? any ItemProviderCoercible.Type, let target = coercible.coercionTarget {
            loadValue(forTypeIdentifier: type, target: target, options: [:], progress: progress) { result in
                completionHandler(result.flatMap { value in
                    guard let typed = Self.typed(value, as: coercible) as? T else {
                        return .failure(ItemProviderError(.unexpectedValueClassError, "Loaded \(value.kind) for \(type), expected \(T.self)"))
                    }
                    return .success(typed)
                }.mapError { $0 as any Error })
            }
            return progress
        }
        loadValue(forTypeIdentifier: type, target: .data, options: [:], progress: progress) { result in
            completionHandler(result.mapError { $0 as any Error }.flatMap { value in
                guard case .data(let data) = value else {
                    return .failure(ItemProviderError(.unexpectedValueClassError, "Loaded \(value.kind) for \(type), expected Data"))
                }
                return Result { try Self.imported(T.self, from: data, typeIdentifier: type) }
            })
        }
        return progress
    }

    /// Loads a value of `transferableType` (not Apple's: iOS offers the `async` form on
    /// `PhotosPickerItem`, not on `NSItemProvider`).
    /// - Throws: ``ItemProviderError``.
    public func loadTransferable<T: Transferable>(type transferableType: T.Type) async throws -> T {
        try await Self.awaiting(cancellation: Self.cancelled("a \(T.self)") as any Error) { done in
            loadTransferable(type: transferableType, completionHandler: done)
        }
    }

    /// The first registered type, in fidelity order, that conforms to one of `types`.
    package func firstRegisteredType(conformingToAnyOf types: [String]) -> String? {
        let registered = registeredTypeIdentifiers
        return registered.first { type in types.contains { registry.conforms(type, to: $0) } }
    }

    /// `T` made from the bytes of `typeIdentifier`; a thrown error that is not an
    /// ``ItemProviderError`` becomes -1100 with it underneath.
    static func imported<T: Transferable>(_: T.Type, from data: Data, typeIdentifier: String) throws(ItemProviderError) -> T {
        do {
            return try T.importing(data, contentType: UTType(typeIdentifier) ?? .data)
        } catch let error as ItemProviderError {
            throw error
        } catch {
            throw ItemProviderError(.unexpectedValueClassError, "Cannot make a \(T.self) from the bytes of \(typeIdentifier)",
                                    underlyingError: error)
        }
    }

    private static func typed<C: ItemProviderCoercible>(_ value: ItemProviderValue, as _: C.Type) -> C? {
        C(coercedValue: value)
    }
}
