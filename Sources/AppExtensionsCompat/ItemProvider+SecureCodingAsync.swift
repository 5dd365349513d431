import Foundation

extension ItemProvider {
    /// Apple's `loadItem(forTypeIdentifier:options:) async throws -> any NSSecureCoding`
    /// (the `async` form Swift makes of the completion-handler method): the item as
    /// ``loadItem(forTypeIdentifier:options:completionHandler:)`` hands it out, an `NSURL`,
    /// `NSString`, `NSData`, `NSNumber`, `NSDate`, `NSArray` or `NSDictionary`.
    ///
    /// ```swift
    /// let item = try await provider.loadItem(forTypeIdentifier: "public.url")
    /// if let url = item as? URL { … }        // also `item as? NSURL`
    /// ```
    ///
    /// The core's `async throws -> any Sendable` form is disfavoured, so where
    /// AppExtensionsCompat is imported this one is chosen. The object is made for the caller
    /// (`sending`), so it may be used on the caller's actor.
    /// - Throws: ``ItemProviderError``, domain `NSItemProviderErrorDomain` with Apple's codes.
    public func loadItem(forTypeIdentifier typeIdentifier: String,
                         options: [AnyHashable: Any]? = nil) async throws -> sending any NSSecureCoding {
        let loadOptions = AppleLoadOptions.loadOptions(options)
        let value = try await Self.awaiting(cancellation: Self.cancelled(typeIdentifier)) { done in
            loadValue(forTypeIdentifier: typeIdentifier, target: nil, options: loadOptions, completion: done)
        }
        return SecureCodingBridge.object(for: value)
    }

    /// Apple's `loadPreviewImage(options:) async throws -> any NSSecureCoding`: the
    /// ``previewImageHandler``'s answer as `NSData` or `NSURL`.
    /// - Throws: ``ItemProviderError`` (-1000 without a handler, -1100 for another answer).
    public func loadPreviewImage(options: [AnyHashable: Any]! = [:]) async throws -> sending any NSSecureCoding {
        let loadOptions = AppleLoadOptions.loadOptions(options)
        let value: any Sendable = try await Self.awaiting(cancellation: Self.cancelled("the preview image")) { done in
            loadPreviewImage(options: loadOptions) { value, error in done(Self.result(value, error, "preview image")) }
        }
        guard let converted = SecureCodingBridge.value(of: value) else {
            throw ItemProviderError(.unexpectedValueClassError, "The preview image handler returned \(type(of: value)); expected Data or a URL")
        }
        return SecureCodingBridge.object(for: converted)
    }
}
