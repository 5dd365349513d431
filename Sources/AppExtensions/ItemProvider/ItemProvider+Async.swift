import Foundation
import Synchronization

extension ItemProvider {
    /// Loads `typeIdentifier` as registered (see ``loadItem(forTypeIdentifier:options:completionHandler:)``).
    ///
    /// Disfavoured, so that where AppExtensionsCompat is imported the same call gets Apple's
    /// `async throws -> any NSSecureCoding` (docs/PORTING.md).
    /// - Throws: ``ItemProviderError``.
    @_disfavoredOverload
    public func loadItem(forTypeIdentifier typeIdentifier: String,
                         options: LoadOptions? = nil) async throws(ItemProviderError) -> any Sendable {
        try await loadValue(forTypeIdentifier: typeIdentifier, options: options).anyValue
    }

    /// Loads `typeIdentifier` as registered, in its transportable form.
    /// - Throws: ``ItemProviderError``.
    public func loadValue(forTypeIdentifier typeIdentifier: String,
                          options: LoadOptions? = nil) async throws(ItemProviderError) -> ItemProviderValue {
        try await Self.awaiting(cancellation: Self.cancelled(typeIdentifier)) { done in
            loadValue(forTypeIdentifier: typeIdentifier, target: nil, options: options ?? [:], completion: done)
        }
    }

    /// Loads `typeIdentifier` as `T` through the coercion table.
    /// - Throws: ``ItemProviderError`` (-1000, -1100 or -1200).
    public func loadItem<T: ItemProviderCoercible>(forTypeIdentifier typeIdentifier: String, as type: T.Type,
                                                   options: LoadOptions? = nil) async throws(ItemProviderError) -> T {
        try await Self.awaiting(cancellation: Self.cancelled(typeIdentifier)) { done in
            loadItem(forTypeIdentifier: typeIdentifier, as: type, options: options, completionHandler: done)
        }
    }

    /// Loads the bytes of `typeIdentifier`.
    /// - Throws: ``ItemProviderError``.
    public func loadDataRepresentation(forTypeIdentifier typeIdentifier: String) async throws(ItemProviderError) -> Data {
        try await Self.awaiting(cancellation: Self.cancelled(typeIdentifier)) { done in
            loadDataRepresentation(forTypeIdentifier: typeIdentifier) { data, error in
                done(Self.result(data, error, typeIdentifier))
            }
        }
    }

    /// Loads `typeIdentifier` as a temporary file and runs `body` on it; the file is
    /// deleted when `body` returns.
    /// - Throws: ``ItemProviderError``, or what `body` throws.
    public func loadFileRepresentation<T: Sendable>(
        forTypeIdentifier typeIdentifier: String, _ body: @escaping @Sendable (URL) throws -> T
    ) async throws -> T {
        try await loadFile(typeIdentifier, inPlace: false) { url, _ in try body(url) }
    }

    /// Loads `typeIdentifier` as a file, in place if possible, and runs `body` on it with
    /// the `isInPlace` flag; a temporary copy is deleted when `body` returns.
    /// - Throws: ``ItemProviderError``, or what `body` throws.
    public func loadInPlaceFileRepresentation<T: Sendable>(
        forTypeIdentifier typeIdentifier: String, _ body: @escaping @Sendable (URL, Bool) throws -> T
    ) async throws -> T {
        try await loadFile(typeIdentifier, inPlace: true, body)
    }

    /// Runs `body` on the loaded file inside the completion handler, and returns once the
    /// temporary copy (if any) has been deleted, so the caller never sees it still there.
    private func loadFile<T: Sendable>(_ typeIdentifier: String, inPlace: Bool,
                                       _ body: @escaping @Sendable (URL, Bool) throws -> T) async throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        return try await Self.awaiting(cancellation: Self.cancelled(typeIdentifier) as any Error) { (done: @escaping @Sendable (Result<T, any Error>) -> Void) in
            loadFile(typeIdentifier, inPlace: inPlace, cleanedUp: {
                done(outcome.withLock { $0 } ?? .failure(Self.cancelled(typeIdentifier)))
            }) { url, isInPlace, error in
                let result = Self.result(url, error, typeIdentifier).mapError { $0 as any Error }
                    .flatMap { url in Result { try body(url, isInPlace) } }
                outcome.withLock { $0 = result }
            }
        }
    }

    /// Loads the preview image (`Data` or a `URL`).
    ///
    /// Disfavoured, so that where AppExtensionsCompat is imported the same call gets Apple's
    /// `async throws -> any NSSecureCoding`.
    /// - Throws: ``ItemProviderError``.
    @_disfavoredOverload
    public func loadPreviewImage(options: LoadOptions? = nil) async throws(ItemProviderError) -> any Sendable {
        try await Self.awaiting(cancellation: Self.cancelled("the preview image")) { done in
            loadPreviewImage(options: options) { value, error in done(Self.result(value, error, "preview image")) }
        }
    }

    /// Waits for a callback-style load; a cancelled task stops waiting at once and gets
    /// `cancellation` (the load handler's late answer is then dropped).
    package static func awaiting<T: Sendable, E: Error>(
        cancellation: E, _ start: (@escaping @Sendable (Result<T, E>) -> Void) -> Void
    ) async throws(E) -> T {
        let once = ResumeOnce<Result<T, E>>()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, E>, Never>) in
                once.set(continuation)
                start { once.resume(returning: $0) }
                if Task.isCancelled { once.resume(returning: .failure(cancellation)) }
            }
        } onCancel: {
            once.resume(returning: .failure(cancellation))
        }
        return try result.get()
    }

    /// The error a cancelled load of `what` ends with.
    package static func cancelled(_ what: String) -> ItemProviderError {
        ItemProviderError(.itemUnavailableError, "The load of \(what) was cancelled")
    }

    /// A completion handler's pair as a result.
    package static func result<T>(_ value: T?, _ error: (any Error)?, _ typeIdentifier: String) -> Result<T, ItemProviderError> {
        if let value { return .success(value) }
        if let error = error as? ItemProviderError { return .failure(error) }
        return .failure(ItemProviderError(.unknownError, "Loading \(typeIdentifier) gave neither a value nor an ItemProviderError",
                                          underlyingError: error))
    }
}
