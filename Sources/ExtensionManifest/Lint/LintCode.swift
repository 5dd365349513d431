/// A lint finding's stable code: `area.name`, never renamed once published.
///
/// The catalog below is the whole list; docs/LINT.md explains each one with an example.
public struct LintCode: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The code's stable name.
    public let rawValue: String
    /// The severity the finding has unless a rule decides otherwise.
    public var defaultSeverity: LintDiagnostic.Severity { Self.catalog[rawValue]?.severity ?? .warning }
    /// What the code checks, in one line.
    public var summary: String { Self.catalog[rawValue]?.summary ?? "" }

    /// Creates a code.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Creates a code from a literal.
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    /// Every code Appex reports, with its default severity and summary.
    public static let catalog: [String: (severity: LintDiagnostic.Severity, summary: String)] = [
        "plist.unreadable": (.error, "the property list cannot be read (syntax, truncation, limits)"),
        "plist.wrong-root": (.error, "the property list's root is not a dictionary"),
        "plist.duplicate-key": (.warning, "a key appears twice in one dictionary; Apple keeps the last"),
        "bundle.missing-key": (.error, "a required bundle key (CFBundleIdentifier, CFBundleExecutable, …) is missing"),
        "bundle.wrong-type": (.error, "a bundle key has a value of the wrong type"),
        "bundle.unexpanded-variable": (.note, "a value still holds an Xcode build variable such as $(PRODUCT_BUNDLE_IDENTIFIER)"),
        "bundle.identifier-prefix": (.error, "the extension's identifier does not start with its containing app's identifier and a dot"),
        "bundle.version-mismatch": (.error, "CFBundleVersion or CFBundleShortVersionString differs from the containing app's"),
        "extension.missing": (.error, "an extension bundle without an NSExtension dictionary"),
        "extension.unknown-point": (.error, "NSExtensionPointIdentifier is not an extension point Apple defines"),
        "extension.unsupported-point": (.note, "an Apple extension point other than share and action, which Appex does not run"),
        "extension.entry-point": (.error, "both or neither of NSExtensionPrincipalClass and NSExtensionMainStoryboard"),
        "extension.misplaced-key": (.warning, "a known key at the wrong level, where the system does not look for it"),
        "extension.wrong-type": (.warning, "an NSExtension attribute has a value of the wrong type"),
        "activation.missing-rule": (.error, "a share or action extension without NSExtensionActivationRule"),
        "activation.true-predicate": (.warning, "TRUEPREDICATE in an activation rule; the App Store rejects it (error with --distribution)"),
        "activation.wrong-type": (.error, "an activation key with a value of the wrong type (ITMS-90361); it counts as absent"),
        "activation.unknown-key": (.error, "an activation key Apple does not define; it is ignored"),
        "activation.invalid-rule": (.error, "NSExtensionActivationRule is neither a dictionary nor a string"),
        "activation.predicate-syntax": (.error, "the activation predicate does not parse"),
        "activation.never-true": (.error, "a rule that can never accept anything (all counts zero, an impossible count)"),
        "activation.unknown-type": (.warning, "a type identifier the type system does not know; it matches only itself"),
        "activation.unknown-key-path": (.warning, "a key path outside the object the rule is evaluated against"),
        "activation.to-many-without-any": (.warning, "a to-many key path compared without ANY, ALL or NONE (ruling 4)"),
        "activation.strict-without-version-2": (.warning, "NSExtensionActivationUsesStrictMatching without NSExtensionActivationDictionaryVersion 2"),
        "activation.invalid-count": (.error, "a negative or fractional count"),
        "javascript.without-web-page": (.error, "NSExtensionJavaScriptPreprocessingFile without NSExtensionActivationSupportsWebPageWithMaxCount > 0"),
        "javascript.missing-file": (.error, "the JavaScript preprocessing file is not in the bundle"),
        "entitlements.unreadable": (.error, "Entitlements.plist cannot be read"),
        "entitlements.app-group": (.error, "an app group identifier that does not start with group."),
    ]
}
