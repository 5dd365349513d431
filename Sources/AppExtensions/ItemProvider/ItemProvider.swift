import Foundation
import Synchronization
import TypeIdentifiers

/// Data an extension is offered or returns, in one or more representations: Apple's
/// `NSItemProvider`, with the same names and meaning.
///
/// A provider is a list of representations, each registered under a type identifier in
/// fidelity order (best first). Nothing is produced until a client loads a type: the
/// load handler then runs on a background queue, and the completion handler is called
/// exactly once, on a background queue, never on the caller's thread.
///
/// ```swift
/// let provider = ItemProvider(item: .url(swiftOrg), typeIdentifier: "public.url")
/// provider.hasItemConformingToTypeIdentifier("public.url")      // true
/// let text = try await provider.loadItem(forTypeIdentifier: "public.url", as: String.self)
/// ```
///
/// Typed loads follow the written coercion table (``ItemCoercion``); untyped loads hand
/// out the value as registered. A handler that never answers ends the load after
/// ``loadTimeout`` with ``ItemProviderError/Code/itemUnavailableError``.
public final class ItemProvider: Sendable {
    /// Hands a registered value (or an error) to the loader; the first call counts.
    public typealias ValueCompletionHandler = @Sendable (ItemProviderValue?, (any Error)?) -> Void
    /// Produces a value on demand (`NSItemProviderLoadHandler`): calls the completion
    /// handler once, with the value or an error. `expectedTarget` is what a typed load
    /// asked for (`nil`: as registered); the provider coerces the answer anyway.
    public typealias LoadHandler = @Sendable (
        _ completionHandler: @escaping ValueCompletionHandler,
        _ expectedTarget: ItemCoercion.Target?,
        _ options: LoadOptions
    ) throws -> Void
    /// Produces bytes on demand; may return a `Progress`.
    public typealias DataLoadHandler = @Sendable (
        _ completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) throws -> Progress?
    /// Produces a file on demand: its URL, whether it must be coordinated, or an error.
    public typealias FileLoadHandler = @Sendable (
        _ completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void
    ) throws -> Progress?
    /// Receives what the provider noticed a handler doing wrong.
    public typealias DiagnosticHandler = @Sendable (ItemProviderDiagnostic) -> Void

    struct State: Sendable {
        var representations: [Representation] = []
        var suggestedName: String?
        var previewImageHandler: LoadHandler?
        var loadTimeout: TimeInterval?
        var diagnosticHandler: DiagnosticHandler?
    }

    let state = Mutex(State())
    /// The registry conformance is decided in: the shared one, read only when a load or a
    /// conformance question needs it (building it reads shared-mime-info, ~20 ms, which an
    /// extension that loads an exact type never pays).
    var registry: TypeRegistry { .shared }

    /// Creates a provider with no representations.
    public init() {}

    /// Creates a provider with one value registered under `typeIdentifier`; later loads of
    /// that type hand out this value (`init(item:typeIdentifier:)`).
    ///
    /// A `nil` item registers nothing (register later). An item without a type identifier
    /// registers nothing either and is reported to the diagnostic handler (Apple raises an
    /// exception).
    public convenience init(item: ItemProviderValue?, typeIdentifier: String?) {
        self.init()
        guard let item else { return }
        guard let typeIdentifier else {
            report(.init(.itemWithoutTypeIdentifier, typeIdentifier: "",
                         "init(item:typeIdentifier:) was given a \(item.kind) item but no type identifier; nothing registered"))
            return
        }
        registerItem(forTypeIdentifier: typeIdentifier) { completion, _, _ in completion(item, nil) }
    }

    /// Creates a provider with one value registered under `typeIdentifier`.
    public convenience init(item: some ItemProviderCoercible, typeIdentifier: String) {
        self.init(item: Optional(item.itemProviderValue), typeIdentifier: Optional(typeIdentifier))
    }

    /// The registered type identifiers, in registration (fidelity) order.
    public var registeredTypeIdentifiers: [String] {
        state.withLock { $0.representations.map(\.typeIdentifier) }
    }

    /// The registered type identifiers whose representations satisfy `fileOptions`
    /// (with `.openInPlace`, only file representations registered for opening in place).
    public func registeredTypeIdentifiers(fileOptions: FileOptions) -> [String] {
        state.withLock { state in
            state.representations.filter { !fileOptions.contains(.openInPlace) || $0.opensInPlace }.map(\.typeIdentifier)
        }
    }

    /// Whether a registered type conforms to `typeIdentifier` (UTI conformance, not equality).
    public func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
        representation(for: typeIdentifier) != nil
    }

    /// Whether a registered type conforms to `typeIdentifier` and satisfies `fileOptions`.
    public func hasRepresentationConforming(toTypeIdentifier typeIdentifier: String, fileOptions: FileOptions = []) -> Bool {
        registeredTypeIdentifiers(fileOptions: fileOptions).contains { registry.conforms($0, to: typeIdentifier) }
    }

    /// The file name to use when writing the data (`suggestedName`).
    public var suggestedName: String? {
        get { state.withLock { $0.suggestedName } }
        set { state.withLock { $0.suggestedName = newValue } }
    }

    /// How long a load waits for a handler's answer before failing with -1000; `nil`
    /// uses ``defaultLoadTimeout``.
    public var loadTimeout: TimeInterval? {
        get { state.withLock { $0.loadTimeout } }
        set { state.withLock { $0.loadTimeout = newValue } }
    }

    /// Receives this provider's diagnostics (completion called twice, after a timeout, …);
    /// `nil` uses ``defaultDiagnosticHandler``.
    public var diagnosticHandler: DiagnosticHandler? {
        get { state.withLock { $0.diagnosticHandler } }
        set { state.withLock { $0.diagnosticHandler = newValue } }
    }

    private static let defaults = Mutex<(timeout: TimeInterval, diagnostics: DiagnosticHandler?)>((30, nil))

    /// The load timeout of providers that set none: 30 seconds unless changed.
    public static var defaultLoadTimeout: TimeInterval {
        get { defaults.withLock { $0.timeout } }
        set { defaults.withLock { $0.timeout = newValue } }
    }

    /// The diagnostic handler of providers that set none: `nil` (diagnostics are dropped).
    public static var defaultDiagnosticHandler: DiagnosticHandler? {
        get { defaults.withLock { $0.diagnostics } }
        set { defaults.withLock { $0.diagnostics = newValue } }
    }

    /// The timeout in force for this provider.
    var effectiveTimeout: TimeInterval { loadTimeout ?? Self.defaultLoadTimeout }

    /// Sends a diagnostic to this provider's handler, or the default one; for code that
    /// builds providers (a forwarding host) and notices a handler misbehave.
    public func report(_ diagnostic: ItemProviderDiagnostic) {
        (diagnosticHandler ?? Self.defaultDiagnosticHandler)?(diagnostic)
    }

    /// The representation a load of `typeIdentifier` uses: the first registered under that
    /// identifier, else the first (most faithful) whose type conforms to it.
    func representation(for typeIdentifier: String) -> Representation? {
        let all = state.withLock { $0.representations }
        let key = typeIdentifier.lowercased()
        return all.first { $0.typeIdentifier.lowercased() == key }
            ?? all.first { registry.conforms($0.typeIdentifier, to: typeIdentifier) }
    }
}

extension ItemProvider: CustomStringConvertible {
    /// `ItemProvider(public.jpeg, public.file-url; suggestedName: IMG_1001.JPG)`.
    public var description: String {
        let (types, name) = state.withLock { ($0.representations.map(\.typeIdentifier), $0.suggestedName) }
        return "ItemProvider(\(types.joined(separator: ", "))" + (name.map { "; suggestedName: \($0)" } ?? "") + ")"
    }
}
