import Foundation

extension ItemProvider {
    /// Apple's `init(object:)`: a provider of each type `object` writes, in its order, each
    /// with the visibility the object gives it.
    ///
    /// ```swift
    /// NSItemProvider(object: NSURL(string: "https://swift.org")!)   // public.url
    /// NSItemProvider(object: "hello" as NSString)                    // public.utf8-plain-text
    /// ```
    public convenience init(object: any NSItemProviderWriting) {
        self.init()
        register(object) { object.itemProviderVisibilityForRepresentation(withTypeIdentifier: $0) }
    }

    /// Apple's `registerObject(_:visibility:)`: adds each type `object` writes, after the
    /// types already registered, all with `visibility`; a type already registered keeps its
    /// representation (reported as ``ItemProviderDiagnostic/Code/duplicateRegistration``).
    ///
    /// `NSString`, `NSURL` and `NSAttributedString` register their value (so `loadItem`
    /// hands back an `NSString` or `NSURL`, a file URL keeps its file); other objects
    /// register bytes, from their `loadData(withTypeIdentifier:forItemProviderCompletionHandler:)`,
    /// which the provider calls on a background queue, as Apple's does: the object is kept
    /// until the provider is released.
    public func registerObject(_ object: any NSItemProviderWriting, visibility: NSItemProviderRepresentationVisibility) {
        register(object) { _ in visibility }
    }

    private func register(_ object: any NSItemProviderWriting,
                          visibility: (String) -> NSItemProviderRepresentationVisibility) {
        let types = object.writableTypeIdentifiersForItemProvider
        if let valueObject = object as? any ItemProviderValueObject {
            let value = valueObject.itemProviderValue
            for type in types {
                registerItem(forTypeIdentifier: type, visibility: visibility(type)) { completion, _, _ in completion(value, nil) }
            }
            return
        }
        // The object is not Sendable; like Apple's provider, this one keeps it and asks it
        // for bytes from a background queue, one load at a time per request.
        nonisolated(unsafe) let writer = object
        for type in types {
            registerDataRepresentation(forTypeIdentifier: type, visibility: visibility(type)) { completion in
                writer.loadData(withTypeIdentifier: type, forItemProviderCompletionHandler: completion)
            }
        }
    }

    /// Apple's `canLoadObject(ofClass:)`: whether a registered type conforms to one of the
    /// types the class reads.
    public func canLoadObject(ofClass aClass: any NSItemProviderReading.Type) -> Bool {
        firstRegisteredType(conformingToAnyOf: aClass.readableTypeIdentifiersForItemProvider) != nil
    }

    /// Apple's `canLoadObject(ofClass:)` for a Swift type bridged to such a class:
    /// `canLoadObject(ofClass: URL.self)`, `canLoadObject(ofClass: String.self)`.
    public func canLoadObject<T>(ofClass: T.Type) -> Bool
    where T: _ObjectiveCBridgeable, T._ObjectiveCType: NSItemProviderReading {
        canLoadObject(ofClass: T._ObjectiveCType.self)
    }

    /// Apple's `loadObject(ofClass:completionHandler:)`: an object of `aClass` made from the
    /// first registered type, in fidelity order, that conforms to one of the types the class
    /// reads.
    ///
    /// ```swift
    /// provider.loadObject(ofClass: NSString.self) { object, error in
    ///     let text = object as? String
    /// }
    /// ```
    ///
    /// `NSString`, `NSURL` and `NSAttributedString` are read through the coercion table
    /// (`String` and `URL` rows, docs/ITEM-PROVIDERS.md); other classes get the
    /// representation's bytes in `object(withItemProviderData:typeIdentifier:)`. Fails with
    /// -1000 when no registered type conforms, -1100 when the class cannot be made from the
    /// bytes (what it threw is underneath). The handler runs once, on a background queue;
    /// cancelling the `Progress` ends the load with -1000.
    @preconcurrency
    @discardableResult
    public func loadObject(ofClass aClass: any NSItemProviderReading.Type,
                           completionHandler: @escaping @Sendable ((any NSItemProviderReading)?, (any Error)?) -> Void) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        // A class never changes: its metatype may be used from the load's queue.
        nonisolated(unsafe) let aClass = aClass
        let readable = aClass.readableTypeIdentifiersForItemProvider
        guard let type = firstRegisteredType(conformingToAnyOf: readable) else {
            let error = ItemProviderError.notRegistered(readable.joined(separator: " or "), registered: registeredTypeIdentifiers)
            Self.later(Result<Int, ItemProviderError>.failure(error)) { _ in completionHandler(nil, error) }
            return progress
        }
        if let found = aClass as? any ItemProviderValueObject.Type {
            nonisolated(unsafe) let valueClass = found
            loadValue(forTypeIdentifier: type, target: valueClass.coercionTarget, options: [:], progress: progress) { result in
                switch result {
                case .success(let value):
                    guard let object = valueClass.object(coercedValue: value) as? any NSItemProviderReading else {
                        return completionHandler(nil, ItemProviderError(.unexpectedValueClassError,
                                                                        "Loaded \(value.kind) for \(type), expected \(aClass)"))
                    }
                    completionHandler(object, nil)
                case .failure(let error):
                    completionHandler(nil, error)
                }
            }
            return progress
        }
        loadValue(forTypeIdentifier: type, target: .data, options: [:], progress: progress) { result in
            switch result {
            case .success(.data(let data)):
                do {
                    completionHandler(try aClass.object(withItemProviderData: data, typeIdentifier: type), nil)
                } catch let error as ItemProviderError {
                    completionHandler(nil, error)
                } catch {
                    completionHandler(nil, ItemProviderError(.unexpectedValueClassError,
                                                             "Cannot make a \(aClass) from the bytes of \(type)", underlyingError: error))
                }
            case .success(let other):
                completionHandler(nil, ItemProviderError(.unexpectedValueClassError, "Loaded \(other.kind) for \(type), expected Data"))
            case .failure(let error):
                completionHandler(nil, error)
            }
        }
        return progress
    }

    /// Apple's `loadObject(ofClass:completionHandler:)` for a Swift type bridged to such a
    /// class: `loadObject(ofClass: URL.self) { url, error in }` with `url` a `URL?`,
    /// `loadObject(ofClass: String.self)` with a `String?`. Loads the bridged class
    /// (`NSURL`, `NSString`) and hands out its Swift value.
    @preconcurrency
    @discardableResult
    public func loadObject<T>(ofClass: T.Type, completionHandler: @escaping @Sendable (T?, (any Error)?) -> Void) -> Progress
    where T: _ObjectiveCBridgeable & SendableMetatype, T._ObjectiveCType: NSItemProviderReading {
        loadObject(ofClass: T._ObjectiveCType.self) { object, error in
            let value: T? = Self.bridged(object)
            completionHandler(value, error)
        }
    }

    /// `object`'s Swift value of type `T`; `nil` when there is no object.
    private static func bridged<T>(_ object: (any NSItemProviderReading)?) -> T?
    where T: _ObjectiveCBridgeable, T._ObjectiveCType: NSItemProviderReading {
        guard let object = object as? T._ObjectiveCType else { return nil }
        var bridged: T?
        _ = T._conditionallyBridgeFromObjectiveC(object, result: &bridged)
        return bridged
    }
}
