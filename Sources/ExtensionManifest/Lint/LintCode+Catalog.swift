/// Every code Appex reports, in the order of docs/LINT.md's table.
///
/// Each constant's name is its code in camel case (`activation.wrong-type` is
/// ``activationWrongType``). A new code needs a constant here, an entry in ``all`` and a
/// row in docs/LINT.md; `LintCodeTests` fails until all three agree.
extension LintCode {
    // MARK: - plist

    /// The `plist.unreadable` code.
    public static let plistUnreadable = LintCode("plist.unreadable", .error,
        "the property list cannot be read (syntax, truncation, limits)")
    /// The `plist.wrong-root` code.
    public static let plistWrongRoot = LintCode("plist.wrong-root", .error, "the property list's root is not a dictionary")
    /// The `plist.duplicate-key` code.
    public static let plistDuplicateKey = LintCode("plist.duplicate-key", .warning,
        "a key appears twice in one dictionary; Apple keeps the last")

    // MARK: - bundle

    /// The `bundle.missing-key` code.
    public static let bundleMissingKey = LintCode("bundle.missing-key", .error,
        "a required bundle key (CFBundleIdentifier, CFBundleExecutable, …) is missing")
    /// The `bundle.wrong-type` code.
    public static let bundleWrongType = LintCode("bundle.wrong-type", .error, "a bundle key has a value of the wrong type")
    /// The `bundle.unexpanded-variable` code.
    public static let bundleUnexpandedVariable = LintCode("bundle.unexpanded-variable", .note,
        "a value still holds an Xcode build variable such as $(PRODUCT_BUNDLE_IDENTIFIER)")
    /// The `bundle.identifier-prefix` code.
    public static let bundleIdentifierPrefix = LintCode("bundle.identifier-prefix", .error,
        "the extension's identifier does not start with its containing app's identifier and a dot")
    /// The `bundle.version-mismatch` code.
    public static let bundleVersionMismatch = LintCode("bundle.version-mismatch", .error,
        "CFBundleVersion or CFBundleShortVersionString differs from the containing app's")

    // MARK: - extension

    /// The `extension.missing` code.
    public static let extensionMissing = LintCode("extension.missing", .error, "an extension bundle without an NSExtension dictionary")
    /// The `extension.unknown-point` code.
    public static let extensionUnknownPoint = LintCode("extension.unknown-point", .error,
        "NSExtensionPointIdentifier is not an extension point Apple defines")
    /// The `extension.unsupported-point` code.
    public static let extensionUnsupportedPoint = LintCode("extension.unsupported-point", .warning,
        "an Apple extension point Appex does not host: the extension installs but never runs (docs/EXTENSION-POINTS.md)")
    /// The `extension.entry-point` code.
    public static let extensionEntryPoint = LintCode("extension.entry-point", .error,
        "both or neither of NSExtensionPrincipalClass and NSExtensionMainStoryboard")
    /// The `extension.storyboard` code.
    public static let extensionStoryboard = LintCode("extension.storyboard", .error,
        "NSExtensionMainStoryboard names a storyboard the bundle does not have, or whose initial view controller names no class")
    /// The `extension.principal-class` code.
    public static let extensionPrincipalClass = LintCode("extension.principal-class", .error,
        "the principal class (NSExtensionPrincipalClass, or the storyboard's initial view controller) is not a class of the extension's executable")
    /// The `extension.photo-media-types` code.
    public static let extensionPhotoMediaTypes = LintCode("extension.photo-media-types", .error,
        "a photo editing extension whose PHSupportedMediaTypes is missing, empty or names a type other than Image and Video")
    /// The `extension.keyboard-language` code.
    public static let extensionKeyboardLanguage = LintCode("extension.keyboard-language", .warning,
        "a custom keyboard whose PrimaryLanguage is missing or is not a language tag such as en-US or zh-Hans")
    /// The `extension.misplaced-key` code.
    public static let extensionMisplacedKey = LintCode("extension.misplaced-key", .warning,
        "a known key at the wrong level, where the system does not look for it")
    /// The `extension.wrong-type` code.
    public static let extensionWrongType = LintCode("extension.wrong-type", .warning,
        "an NSExtension attribute has a value of the wrong type")

    // MARK: - activation

    /// The `activation.missing-rule` code.
    public static let activationMissingRule = LintCode("activation.missing-rule", .error,
        "a share or action extension without NSExtensionActivationRule")
    /// The `activation.true-predicate` code.
    public static let activationTruePredicate = LintCode("activation.true-predicate", .warning,
        "TRUEPREDICATE in an activation rule; the App Store rejects it (error with --distribution)")
    /// The `activation.wrong-type` code.
    public static let activationWrongType = LintCode("activation.wrong-type", .error,
        "an activation key with a value of the wrong type (ITMS-90361); it counts as absent")
    /// The `activation.unknown-key` code.
    public static let activationUnknownKey = LintCode("activation.unknown-key", .error,
        "an activation key Apple does not define; it is ignored")
    /// The `activation.invalid-rule` code.
    public static let activationInvalidRule = LintCode("activation.invalid-rule", .error,
        "NSExtensionActivationRule is neither a dictionary nor a string")
    /// The `activation.predicate-syntax` code.
    public static let activationPredicateSyntax = LintCode("activation.predicate-syntax", .error, "the activation predicate does not parse")
    /// The `activation.raises` code.
    public static let activationRaises = LintCode("activation.raises", .warning,
        "the activation predicate raises for a common share (a string ordered with a number), so it offers nothing there")
    /// The `activation.never-true` code.
    public static let activationNeverTrue = LintCode("activation.never-true", .error,
        "a rule that can never accept anything (all counts zero, an impossible count)")
    /// The `activation.zero-count` code (found by evaluating the rule on shares, ``RuleProbe``).
    public static let activationZeroCount = LintCode("activation.zero-count", .warning,
        "a count that holds when it counts nothing, so the rule accepts shares without the types it names (found by trying the presets)")
    /// The `activation.accepts-nothing` code (found by evaluating the rule on shares, ``RuleProbe``).
    public static let activationAcceptsNothing = LintCode("activation.accepts-nothing", .warning,
        "the rule accepts no preset's share and no attachments of a type it names (found by trying them)")
    /// The `activation.accepts-everything` code (found by evaluating the rule on shares, ``RuleProbe``).
    public static let activationAcceptsEverything = LintCode("activation.accepts-everything", .warning,
        "the rule accepts every preset's share and a type nothing declares: TRUEPREDICATE in effect")
    /// The `activation.unknown-type` code.
    public static let activationUnknownType = LintCode("activation.unknown-type", .warning,
        "a type identifier the type system does not know; it matches only itself")
    /// The `activation.unknown-key-path` code.
    public static let activationUnknownKeyPath = LintCode("activation.unknown-key-path", .warning,
        "a key path outside the object the rule is evaluated against")
    /// The `activation.to-many-without-any` code.
    public static let activationToManyWithoutAny = LintCode("activation.to-many-without-any", .warning,
        "a to-many key path compared without ANY, ALL or NONE (docs/ACTIVATION.md, ruling 4)")
    /// The `activation.strict-without-version-2` code.
    public static let activationStrictWithoutVersion2 = LintCode("activation.strict-without-version-2", .warning,
        "NSExtensionActivationUsesStrictMatching without NSExtensionActivationDictionaryVersion 2")
    /// The `activation.invalid-count` code.
    public static let activationInvalidCount = LintCode("activation.invalid-count", .error, "a negative or fractional count")

    // MARK: - javascript

    /// The `javascript.without-web-page` code.
    public static let javascriptWithoutWebPage = LintCode("javascript.without-web-page", .error,
        "NSExtensionJavaScriptPreprocessingFile without NSExtensionActivationSupportsWebPageWithMaxCount > 0")
    /// The `javascript.missing-file` code.
    public static let javascriptMissingFile = LintCode("javascript.missing-file", .error,
        "the JavaScript preprocessing file is not in the bundle")
    /// The `javascript.syntax` code (checked in Chromium by `appex lint`).
    public static let javascriptSyntax = LintCode("javascript.syntax", .error,
        "the JavaScript preprocessing file does not parse as JavaScript")
    /// The `javascript.threw` code (checked in Chromium by `appex lint`).
    public static let javascriptThrew = LintCode("javascript.threw", .warning,
        "the JavaScript preprocessing file threw when it ran in a blank page")
    /// The `javascript.no-run` code (checked in Chromium by `appex lint`).
    public static let javascriptNoRun = LintCode("javascript.no-run", .error,
        "the JavaScript preprocessing file defines no ExtensionPreprocessingJS with a run function")
    /// The `javascript.unchecked` code.
    public static let javascriptUnchecked = LintCode("javascript.unchecked", .note,
        "no Chromium to check the JavaScript preprocessing file with (install chromium, or give --browser)")

    // MARK: - interface

    /// The `interface.page` code.
    public static let interfacePage = LintCode("interface.page", .error,
        "AppexWebInterfacePage is not the path of an .html file inside the bundle")

    // MARK: - entitlements

    /// The `entitlements.unreadable` code.
    public static let entitlementsUnreadable = LintCode("entitlements.unreadable", .error, "Entitlements.plist cannot be read")
    /// The `entitlements.app-group` code.
    public static let entitlementsAppGroup = LintCode("entitlements.app-group", .error,
        "an app group identifier that does not start with group.")

    // MARK: - framework and binary (built bundles: docs/BUNDLES.md)

    /// The `framework.misplaced` code.
    public static let frameworkMisplaced = LintCode("framework.misplaced", .error,
        "a framework or shared library outside the app's Frameworks/ (SharedFrameworks/, an extension's own folder): the App Store rejects it")
    /// The `framework.not-extension-safe` code.
    public static let frameworkNotExtensionSafe = LintCode("framework.not-extension-safe", .warning,
        "an extension links a framework not built with Require Only App-Extension-Safe API (the ApplicationExtensionAPIOnly plugin)")
    /// The `binary.unreadable` code.
    public static let binaryUnreadable = LintCode("binary.unreadable", .error,
        "an executable or framework library that is not well-formed ELF, or has no section headers to check")
    /// The `binary.missing-library` code.
    public static let binaryMissingLibrary = LintCode("binary.missing-library", .error,
        "an executable or framework needs (DT_NEEDED) a library that is neither a framework of the app on its RUNPATH nor a system or Swift runtime library")
    /// The `binary.unavailable-symbol` code.
    public static let binaryUnavailableSymbol = LintCode("binary.unavailable-symbol", .error,
        "an extension, or a framework it links, refers to a symbol of a module extensions may not use (ExtensionHost, ExtensionRegistry, …)")

    /// Every code Appex reports, in the order of docs/LINT.md.
    public static let all: [LintCode] = [
        .plistUnreadable, .plistWrongRoot, .plistDuplicateKey,
        .bundleMissingKey, .bundleWrongType, .bundleUnexpandedVariable, .bundleIdentifierPrefix, .bundleVersionMismatch,
        .extensionMissing, .extensionUnknownPoint, .extensionUnsupportedPoint, .extensionEntryPoint, .extensionStoryboard, .extensionPrincipalClass, .extensionPhotoMediaTypes, .extensionKeyboardLanguage, .extensionMisplacedKey, .extensionWrongType,
        .activationMissingRule, .activationTruePredicate, .activationWrongType, .activationUnknownKey, .activationInvalidRule, .activationPredicateSyntax, .activationRaises,
        .activationNeverTrue, .activationZeroCount, .activationAcceptsNothing, .activationAcceptsEverything,
        .activationUnknownType, .activationUnknownKeyPath, .activationToManyWithoutAny, .activationStrictWithoutVersion2, .activationInvalidCount,
        .javascriptWithoutWebPage, .javascriptMissingFile, .javascriptSyntax, .javascriptThrew, .javascriptNoRun, .javascriptUnchecked,
        .interfacePage,
        .entitlementsUnreadable, .entitlementsAppGroup,
        .frameworkMisplaced, .frameworkNotExtensionSafe, .binaryUnreadable, .binaryMissingLibrary, .binaryUnavailableSymbol,
    ]
}
