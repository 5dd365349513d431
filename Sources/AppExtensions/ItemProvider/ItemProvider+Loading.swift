import Foundation

extension ItemProvider {
    /// Loads the best representation for `typeIdentifier` and hands out its value as
    /// registered: a `URL`, `Data`, `String`, number, `Date`, `[any Sendable]` or
    /// `[String: any Sendable]` (see ``ItemProviderValue/anyValue``).
    ///
    /// The representation is the first registered under `typeIdentifier`, else the most
    /// faithful one whose type conforms to it. Bytes arrive as `Data`, files as their
    /// `URL`. No coercion happens; use ``loadItem(forTypeIdentifier:as:options:completionHandler:)``
    /// for the coercion table. The completion handler runs once, on a background queue.
    ///
    /// Disfavoured, so that where AppExtensionsCompat is imported an untyped closure gets
    /// Apple's `(NSSecureCoding?, Error?)` form (docs/PORTING.md).
    @_disfavoredOverload
    public func loadItem(forTypeIdentifier typeIdentifier: String, options: LoadOptions? = nil,
                         completionHandler: (@Sendable ((any Sendable)?, (any Error)?) -> Void)? = nil) {
        loadValue(forTypeIdentifier: typeIdentifier, target: nil, options: options ?? [:]) { result in
            switch result {
            case .success(let value): completionHandler?(value.anyValue, nil)
            case .failure(let error): completionHandler?(nil, error)
            }
        }
    }

    /// Loads `typeIdentifier` as `T`, applying the written coercion table (``ItemCoercion``).
    ///
    /// Fails with -1000 when no registered type conforms, -1200 when the table has no
    /// coercion, -1100 when the coercion does not fit the value.
    public func loadItem<T: ItemProviderCoercible>(
        forTypeIdentifier typeIdentifier: String, as type: T.Type, options: LoadOptions? = nil,
        completionHandler: @escaping @Sendable (Result<T, ItemProviderError>) -> Void
    ) {
        loadValue(forTypeIdentifier: typeIdentifier, target: T.coercionTarget, options: options ?? [:]) { result in
            completionHandler(result.flatMap { value in
                guard let typed = T(coercedValue: value) else {
                    return .failure(ItemProviderError(.unexpectedValueClassError,
                                                      "Loaded \(value.kind) for \(typeIdentifier), expected \(T.self)"))
                }
                return .success(typed)
            })
        }
    }

    /// Loads the bytes of `typeIdentifier`: data as registered, a file's contents, or a
    /// value through the coercion table's `Data` rows. Returns a `Progress` whose
    /// cancellation ends the load with -1000.
    @discardableResult
    public func loadDataRepresentation(forTypeIdentifier typeIdentifier: String,
                                       completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        loadValue(forTypeIdentifier: typeIdentifier, target: .data, options: [:], progress: progress) { result in
            switch result {
            case .success(.data(let data)): completionHandler(data, nil)
            case .success(let other):
                completionHandler(nil, ItemProviderError(.unexpectedValueClassError,
                                                         "Loaded \(other.kind) for \(typeIdentifier), expected Data"))
            case .failure(let error): completionHandler(nil, error)
            }
        }
        return progress
    }

    /// The shared path of the value loads: fetch, then coerce to `target` (if any) by
    /// the table, using the registered type identifier. AppExtensionsCompat hands the
    /// value out as an `NSSecureCoding` object.
    package func loadValue(forTypeIdentifier typeIdentifier: String, target: ItemCoercion.Target?, options: LoadOptions,
                           progress: Progress? = nil,
                           completion: @escaping @Sendable (Result<ItemProviderValue, ItemProviderError>) -> Void) {
        let representation: Representation
        switch require(typeIdentifier) {
        case .success(let found): representation = found
        case .failure(let error): return Self.later(.failure(error), completion)
        }
        fetch(representation, target: target, options: options, what: target.map { "\($0)" } ?? "an item",
              progress: progress) { result in
            completion(result.flatMap { fetched in
                let value = fetched.value
                guard let target else { return .success(value) }
                return Result { () throws(ItemProviderError) in
                    try ItemCoercion.coerce(value, to: target, registeredAs: representation.typeIdentifier, registry: .shared)
                }
            })
        }
    }
}
