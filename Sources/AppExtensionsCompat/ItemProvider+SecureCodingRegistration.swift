import Foundation

extension ItemProvider {
    /// Apple's `NSItemProvider.LoadHandler` (core ``ItemProvider/LoadHandler`` has the
    /// Swift-value form): answers `completionHandler` once with an `NSSecureCoding` object or
    /// an error. `expectedValueClass` is `NSURL`, `NSData` or `NSString` for a typed load of
    /// that kind, `nil` for a load as registered.
    public typealias SecureCodingLoadHandler = @Sendable (
        _ completionHandler: CompletionHandler?,
        _ expectedValueClass: AnyClass?,
        _ options: [AnyHashable: Any]?
    ) -> Void

    /// Apple's `registerItem(forTypeIdentifier:loadHandler:)` with Apple's handler shape.
    ///
    /// ```swift
    /// provider.registerItem(forTypeIdentifier: kUTTypePlainText as String) { completionHandler, _, _ in
    ///     completionHandler?("hello" as NSString, nil)
    /// }
    /// ```
    ///
    /// The answer is stored as its value (``SecureCodingBridge/value(of:)``); an object with
    /// no value form fails the load with -1100 (`unexpectedValueClassError`), naming its class.
    ///
    /// Disfavoured: a handler that fits both shapes (`{ _, _, _ in }`) registers in the core's,
    /// which does the same; one that calls `completionHandler?(…)` with an object fits only this.
    @preconcurrency
    @_disfavoredOverload
    public func registerItem(forTypeIdentifier typeIdentifier: String, loadHandler: @escaping SecureCodingLoadHandler) {
        let handler: LoadHandler = { completion, target, options in
            loadHandler({ item, error in
                guard error == nil, let item else { return completion(nil, error) }
                guard let value = SecureCodingBridge.value(of: item) else {
                    return completion(nil, ItemProviderError(
                        .unexpectedValueClassError,
                        "The load handler of \(typeIdentifier) answered a \(type(of: item)), which has no property-list form"))
                }
                completion(value, nil)
            }, target.map(Self.expectedValueClass), AppleLoadOptions.dictionary(options))
        }
        registerItem(forTypeIdentifier: typeIdentifier, loadHandler: handler)
    }

    /// The class iOS expects for a typed load of `target`.
    static func expectedValueClass(_ target: ItemCoercion.Target) -> AnyClass {
        switch target {
        case .url: NSURL.self
        case .data: NSData.self
        case .string: NSString.self
        }
    }
}
