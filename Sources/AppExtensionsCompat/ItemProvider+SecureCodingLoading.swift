import Foundation

extension ItemProvider {
    /// Apple's `NSItemProvider.CompletionHandler`: the loaded object, or the error.
    public typealias CompletionHandler = @Sendable (_ item: (any NSSecureCoding)?, _ error: (any Error)?) -> Void

    /// Apple's `loadItem(forTypeIdentifier:options:completionHandler:)`: loads the best
    /// representation for `typeIdentifier` and hands it out as the object iOS's Swift code
    /// receives (``SecureCodingBridge/object(for:)``): `NSURL` for a URL or a file, `NSString`
    /// for text, `NSData` for bytes, `NSDictionary` for a property list.
    ///
    /// ```swift
    /// provider.loadItem(forTypeIdentifier: "public.url", options: nil) { item, error in
    ///     if let url = item as? NSURL { … }
    /// }
    /// ```
    ///
    /// As in Swift on iOS, the object is the registered value's class: a Swift closure
    /// declares no class for Apple to coerce to (typed loads: ``loadItem(forTypeIdentifier:as:options:completionHandler:)``).
    /// Errors are ``ItemProviderError``s: domain `NSItemProviderErrorDomain`, Apple's codes.
    /// The handler runs once, on a background queue. `@preconcurrency`, as Apple's SDK is:
    /// Swift 5 code may capture and mutate variables in the handler, as it does on iOS.
    @preconcurrency
    public func loadItem(forTypeIdentifier typeIdentifier: String, options: [AnyHashable: Any]? = nil,
                         completionHandler: CompletionHandler? = nil) {
        loadValue(forTypeIdentifier: typeIdentifier, target: nil, options: AppleLoadOptions.loadOptions(options)) { result in
            switch result {
            case .success(let value): completionHandler?(SecureCodingBridge.object(for: value), nil)
            case .failure(let error): completionHandler?(nil, error)
            }
        }
    }

    /// Apple's `loadPreviewImage(options:completionHandler:)`: the ``previewImageHandler``'s
    /// answer as `NSData` or `NSURL` (-1000 without a handler, -1100 for another answer).
    ///
    /// Appex draws no images, so no `UIImage` is made from the answer: code that casts the
    /// preview to ``UIImage`` gets `nil` and takes its fallback, as on iOS when a host's
    /// preview is data. `NSItemProviderPreferredImageSizeKey` (a `CGSize` or `NSValue`)
    /// reaches the handler as ``LoadOptions/preferredImageSize``.
    @preconcurrency
    public func loadPreviewImage(options: [AnyHashable: Any]! = [:], completionHandler: CompletionHandler!) {
        let handler = completionHandler
        loadPreviewImage(options: AppleLoadOptions.loadOptions(options)) { (value: (any Sendable)?, error: (any Error)?) in
            handler?(value.flatMap(SecureCodingBridge.value(of:)).map(SecureCodingBridge.object(for:)), error)
        }
    }
}
