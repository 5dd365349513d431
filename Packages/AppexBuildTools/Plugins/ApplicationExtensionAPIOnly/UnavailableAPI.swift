/// The parts of Appex an app extension may not use, and the source that makes them
/// unavailable in an extension's module.
///
/// `Tests/ExtensionManifestTests/ExtensionSafetyTests` keeps ``modules`` equal to the
/// public types those modules declare.
enum UnavailableAPI {
    /// Each module an extension may not use: why, and its public types.
    static let modules: [(name: String, why: String, types: [String])] = [
        ("ExtensionHost", "it finds, launches and serves extensions", [
            "BundleReading", "ComposeSheetLimits", "ComposeSheetReply", "CrashReport", "CrashReportStore", "ExtensionCatalog",
            "ExtensionHost", "ExtensionHostError", "ExtensionPresentation", "ExtensionRunControl", "ExtensionRunReport",
            "ExtensionSession", "FileProviderCallError", "FixedCatalog", "InstalledExtension", "KeyboardLexiconError", "KeyboardLexiconFile", "KeyboardTyping", "LaunchOptions", "PhotoEditEnding", "PhotoEditStart",
            "PhotoEditingInput", "ProviderItem", "ProviderPage", "RenderedEdit", "RunFailure", "ShareActivity", "ShareActivityRequest", "ShareCompletion",
            "SharePasteboard", "ShareResolution", "TextInputClient", "TextInputDelivery", "TodayView", "TodayWidgetSession", "TransferServiceAccess", "ViewActionReply",
            "ViewLimits", "ViewStep", "ViewStepLookupFailure", "WidgetLimits", "WidgetSizes", "WidgetSnapshot",
            "WidgetSnapshotStore", "WidgetTapReply", "WidgetUpdateOutcome", "WidgetUpdateReply",
        ]),
        ("ExtensionRegistry", "it installs apps and writes the registry", [
            "BundleBuildError", "BundleBuilder", "ExtensionRegistry", "InstallOptions", "InstallResult", "InstalledApplication",
            "InstalledCondition", "RegistryError", "RegistryIntegrityProblem", "RegistryInventory", "SealCheckDepth",
            "SealVerification", "ShareCatalog", "UninstallResult",
        ]),
        ("PhotoLibrary", "it hosts photo editing extensions and keeps their edits", [
            "PhotoEditOutcome", "PhotoEditRecord", "PhotoEditStore", "PhotoLibrary", "PhotoLibraryError", "PhotoRevision",
        ]),
        ("ShareSheetWeb", "it hosts extensions in a browser: the share sheet and the Today dashboard", ["WebShareSheet", "WebShareSheetError", "WebTodayView"]),
        ("WebPages", "it drives the browser that preprocesses pages for extensions", [
            "FinalizeArgument", "FinalizeOutcome", "PreprocessingLimits", "PreprocessingOutcome", "PreprocessingRun",
            "PreprocessingScript", "WebBrowser", "WebPage", "WebPageError", "WebPageItems",
        ]),
        ("AppexCLI", "it is the appex command", ["AppexCommand", "Console"]),
    ]

    /// Each type's public initializers with labels, one string each: its parameters' labels
    /// in order, `_` for none, `=` after one with a default. A shadow gets one unavailable
    /// initializer for each, so that `ExtensionHost(catalog: c)` fails with the message too
    /// (an initializer without labels is the shadow's variadic one). ExtensionSafetyTests
    /// keeps this equal to the modules' sources.
    static let initializers: [String: [String]] = [
        "BundleBuilder": ["source products"],
        "BundleReading": ["rule declaresTypes declaration read"],
        "CrashReport": ["identifier extensionIdentifier date signal reason thread frames path"],
        "CrashReportStore": ["directory keep="],
        "ExtensionHost": ["catalog options="],
        "ExtensionRegistry": ["home busyTimeout="],
        "FileProviderCallError": ["code message domain= providerCode="],
        "FinalizeOutcome": ["extensionIdentifier status problem="],
        "InstallOptions": ["allowMismatch="],
        "InstallResult": ["application isUpgrade warnings= removedExtensions= unhostedExtensions="],
        "InstalledApplication": ["identifier bundleURL displayName version= shortVersion= extensionIdentifiers= appGroups="],
        "InstalledExtension": ["bundle bundleURL executableURL dataContainerURL appGroupContainers= isEnabled= position= launchSeal=", "identifier point displayName bundle bundleURL executableURL dataContainerURL appGroupContainers= isEnabled= position= launchSeal="],
        "LaunchOptions": ["sandboxed= sandboxKind= memoryCap= wallClock= startTimeout= gracePeriod= channelLimits= openURL= environment= crashReports="],
        "PhotoEditStore": ["home", "directory"],
        "PhotoEditingInput": ["fullSizeImage displaySizeImage adjustmentData uniformTypeIdentifier orientation="],
        "PhotoLibrary": ["catalog options= store memoryCap=", "catalog options= home memoryCap="],
        "PreprocessingLimits": ["time= resultBytes="],
        "PreprocessingOutcome": ["extensionIdentifier status results= problem="],
        "PreprocessingScript": ["extensionIdentifier fileURL source"],
        "ProviderItem": ["identifier parent filename typeIdentifier isFolder capabilities= size= childCount= created= modified= version="],
        "RegistryError": ["code message diagnostics=", "_ _ diagnostics="],
        "RegistryIntegrityProblem": ["_ subject _"],
        "ShareActivity": ["activityType title symbol input= canPerform= perform"],
        "ShareActivityRequest": ["items folder= pasteboard"],
        "ShareCatalog": ["launchable unavailable"],
        "ShareCompletion": ["activityType completed returnedItems= activityError="],
        "SharePasteboard": ["setString"],
        "ShareResolution": ["point eligible= decisions= excluded="],
        "TodayView": ["catalog options= home= snapshots= memoryCap= updateTimeout= sizes="],
        "TransferServiceAccess": ["home ensureRunning"],
        "UninstallResult": ["identifier removedExtensions removedAppGroups"],
        "WebShareSheet": ["host resolution items activities= setEnabled= reorder="],
        "WebTodayView": ["today widgets openURL"],
        "WidgetSizes": ["width= expandedHeight=", "columns expandedRows"],
        "WidgetSnapshot": ["identifier state updated="],
        "WidgetSnapshotStore": ["directory", "home"],
    ]

    /// The generated file for the target `module`.
    static func source(module: String) -> String {
        var lines = [
            "// Generated by the ApplicationExtensionAPIOnly plugin (Xcode's \"Require Only App-Extension-Safe API\").",
            "// Do not edit: docs/BUNDLES.md explains it.",
            "",
            "/// The analogue of Mach-O's MH_APP_EXTENSION_SAFE: this module was built for app extensions.",
            "@_cdecl(\"appex_application_extension_safe_\(module)\")",
            "public func _appexApplicationExtensionSafe_\(module)() -> Int32 { 1 }",
        ]
        for entry in modules {
            let message = "\(entry.name) is unavailable in an app extension: \(entry.why) (NS_EXTENSION_UNAVAILABLE; docs/BUNDLES.md)"
            let unavailable = "@available(*, unavailable, message: \"\(message)\")"
            // A shadow every use of which type-checks, so that the compiler reaches the
            // availability check and prints the message: as a type, `Type()` and `Type(a, b)`,
            // `Type.member`, `Type.method(label: x)` (dynamic members, called dynamically).
            // A labelled initializer (`Type(label: x)`) has one of its own, of `Any` parameters:
            // an argument whose type only its parameter names (`.standard`) fails without the message.
            for type in entry.types {
                lines += [
                    "",
                    unavailable,
                    "@dynamicMemberLookup @dynamicCallable",
                    "struct \(type) {",
                    "    \(unavailable)",
                    "    init<each Argument>(_ arguments: repeat each Argument) { fatalError() }",
                ]
                for parameters in initializers[type] ?? [] {
                    let list = parameters.split(separator: " ").enumerated().map { index, parameter in
                        let defaulted = parameter.hasSuffix("=")
                        return "\(defaulted ? parameter.dropLast() : parameter) p\(index): Any\(defaulted ? " = 0" : "")"
                    }
                    lines += ["    \(unavailable)", "    init(\(list.joined(separator: ", "))) { fatalError() }"]
                }
                lines += [
                    "    \(unavailable)",
                    "    static subscript(dynamicMember member: String) -> \(type) { fatalError() }",
                    "    \(unavailable)",
                    "    subscript(dynamicMember member: String) -> \(type) { fatalError() }",
                    "    \(unavailable)",
                    "    func dynamicallyCall(withKeywordArguments arguments: KeyValuePairs<String, Any>) -> \(type) { fatalError() }",
                    "}",
                ]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
