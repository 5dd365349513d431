import ExtensionManifest
import Synchronization
import TypeIdentifiers

/// An installed extension's whole bundle and declaration, given or made once when first
/// asked for, and its activation rule prepared once (compiled, with the type registry it is
/// evaluated with).
///
/// Shared by the copies of an ``InstalledExtension``: a catalog that keeps its records
/// between shares (the registry) reads each bundle at most once.
public final class BundleReading: Sendable {
    private let read: @Sendable () -> ExtensionBundle
    private let makeDeclaration: @Sendable () -> ExtensionDeclaration?
    private let rule: ActivationRule
    private let declaresTypes: Bool
    /// The rule as shared with the catalog's other extensions that keep it.
    private let shared: SharedActivationRule?
    private let state = Mutex<State>(State())

    private struct State {
        var bundle: ExtensionBundle?
        var declaration: ExtensionDeclaration??
        var prepared: PreparedActivationRule?
    }

    /// A bundle already read.
    public init(_ bundle: ExtensionBundle) {
        read = { bundle }
        makeDeclaration = { bundle.declaration }
        rule = bundle.declaration?.activationRule ?? .missing
        declaresTypes = !bundle.typeDeclarations.isEmpty
        shared = nil
        state.withLock { $0.bundle = bundle }
    }

    /// A bundle `read` reads when first needed, with its activation rule and declaration as
    /// kept (`declaration` makes the latter when first asked for); `declaresTypes` says
    /// whether the extension or its app declares types (when not, activation uses the shared
    /// registry and never reads the bundle). `read` must not fail: when the installed copy
    /// cannot be read, it returns what the catalog kept.
    public convenience init(rule: ActivationRule, declaresTypes: Bool, declaration: @escaping @Sendable () -> ExtensionDeclaration?,
                            read: @escaping @Sendable () -> ExtensionBundle) {
        self.init(shared: nil, rule: rule, declaresTypes: declaresTypes, declaration: declaration, read: read)
    }

    /// As ``init(rule:declaresTypes:declaration:read:)``, with the rule `shared` with the
    /// catalog's other extensions that keep it; used only when `declaresTypes` is false
    /// (the shared registry decides it then).
    package convenience init(shared: SharedActivationRule, declaresTypes: Bool,
                             declaration: @escaping @Sendable () -> ExtensionDeclaration?, read: @escaping @Sendable () -> ExtensionBundle) {
        self.init(shared: declaresTypes ? nil : shared, rule: shared.rule, declaresTypes: declaresTypes, declaration: declaration, read: read)
    }

    private init(shared: SharedActivationRule?, rule: ActivationRule, declaresTypes: Bool,
                 declaration: @escaping @Sendable () -> ExtensionDeclaration?, read: @escaping @Sendable () -> ExtensionBundle) {
        self.read = read
        makeDeclaration = declaration
        self.rule = rule
        self.declaresTypes = declaresTypes
        self.shared = shared
    }

    /// The bundle, read on first use.
    public var bundle: ExtensionBundle {
        if let bundle = state.withLock({ $0.bundle }) { return bundle }
        // Read outside the lock: two first readers may both read; the first stored wins.
        let bundle = read()
        return state.withLock { state in
            if let stored = state.bundle { return stored }
            state.bundle = bundle
            return bundle
        }
    }

    /// The `NSExtension` declaration, made on first use.
    public var declaration: ExtensionDeclaration? {
        if let declaration = state.withLock({ $0.declaration }) { return declaration }
        let declaration = makeDeclaration()
        return state.withLock { state in
            if let stored = state.declaration { return stored }
            state.declaration = .some(declaration)
            return declaration
        }
    }

    /// The activation rule, prepared once: with the shared type registry, or one that also
    /// knows the types the bundle and its app declare.
    public var preparedRule: PreparedActivationRule {
        if let prepared = state.withLock({ $0.prepared }) { return prepared }
        let prepared = PreparedActivationRule(rule, registry: declaresTypes ? bundle.typeRegistry() : .shared)
        return state.withLock { state in
            if let stored = state.prepared { return stored }
            state.prepared = prepared
            return prepared
        }
    }

    /// The rule's decision for `payload`, through the shared rule when there is one.
    func decide(_ payload: ActivationPayload) -> ActivationDecision {
        shared?.decide(payload) ?? preparedRule.decide(payload)
    }
}
