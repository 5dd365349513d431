import Foundation
import TypeIdentifiers

/// One extension as read from disk: its Info.plist, entitlements, and containing app.
public struct ExtensionBundle: Hashable, Sendable {
    /// The path it was read from, as given (an `.appex` folder or a plist file).
    public var path: String
    /// The `.appex` folder, when the extension was read from a bundle.
    public var bundleURL: URL?
    /// The Info.plist file, as a path for messages.
    public var infoPlistPath: String
    /// The Info.plist's keys.
    public var info: BundleInfo
    /// `com.apple.security.application-groups` from the Entitlements.plist beside Info.plist.
    public var appGroups: [String]
    /// The app that contains the extension, when it was read from an `.app`.
    public var containingApp: ApplicationBundle?

    /// Creates an extension description.
    public init(path: String, bundleURL: URL? = nil, infoPlistPath: String, info: BundleInfo,
                appGroups: [String] = [], containingApp: ApplicationBundle? = nil) {
        self.path = path
        self.bundleURL = bundleURL
        self.infoPlistPath = infoPlistPath
        self.info = info
        self.appGroups = appGroups
        self.containingApp = containingApp
    }

    /// The `NSExtension` declaration, when there is one.
    public var declaration: ExtensionDeclaration? { info.extensionDeclaration }

    /// The extension's name for listings: its identifier, else (when missing or still an
    /// unexpanded build variable) its file or bundle name.
    public var name: String {
        if let id = info.identifier, !id.contains("$(") && !id.contains("${") { return id }
        return URL(fileURLWithPath: path).lastPathComponent
    }

    /// The type declarations this extension and its containing app make.
    public var typeDeclarations: [TypeDeclaration] {
        info.typeDeclarations + (containingApp?.info.typeDeclarations ?? [])
    }

    /// A type registry that knows the bundle's declared types (the shared one when it declares none).
    public func typeRegistry() -> TypeRegistry {
        let declarations = typeDeclarations
        guard !declarations.isEmpty else { return .shared }
        let registry = TypeRegistry(mimeDatabase: TypeRegistry.shared.mimeDatabase)
        for declaration in declarations {
            try? registry.register([declaration])
        }
        return registry
    }

    /// Decides activation for a payload, with the bundle's own types known.
    public func activation(for payload: ActivationPayload, registry: TypeRegistry? = nil) -> ActivationDecision {
        let rule = declaration?.activationRule ?? .missing
        return rule.evaluate(payload, registry: registry ?? typeRegistry())
    }
}

/// A containing app: its Info.plist, its entitlements and its extensions' folder.
public struct ApplicationBundle: Hashable, Sendable {
    /// The `.app` folder.
    public var bundleURL: URL
    /// The app's Info.plist keys.
    public var info: BundleInfo
    /// The app's app groups.
    public var appGroups: [String]

    /// Creates an app description.
    public init(bundleURL: URL, info: BundleInfo, appGroups: [String] = []) {
        self.bundleURL = bundleURL
        self.info = info
        self.appGroups = appGroups
    }
}
