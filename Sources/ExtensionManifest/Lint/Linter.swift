import Foundation
import TypeIdentifiers

/// Checks extensions the way App Store validation and Appex's own rules do.
///
/// Findings from reading (wrong types, duplicate keys, unexpanded variables) come from the
/// loader; the linter adds the checks that need the whole extension: entry points, the
/// point identifier, the rule's meaning, JavaScript preprocessing, and consistency with the
/// containing app.
public struct Linter: Sendable {
    /// Whether the bundle is meant for distribution: `TRUEPREDICATE` becomes an error.
    public var distribution: Bool

    /// Creates a linter.
    public init(distribution: Bool = false) { self.distribution = distribution }

    /// Every finding for what a loader read, the loader's own included, in file order.
    public func lint(_ loaded: ManifestLoader.Result) -> [LintDiagnostic] {
        var findings = loaded.diagnostics
        for ext in loaded.extensions { findings += lint(ext) }
        // A built app: its frameworks, and what its executables and libraries link.
        if let app = loaded.application {
            findings += BinaryLinter().lint(app: app, extensions: loaded.extensions, displayPath: app.bundleURL.path)
        }
        return findings.map(adjusted)
    }

    /// The findings for one extension (without the loader's).
    public func lint(_ ext: ExtensionBundle) -> [LintDiagnostic] {
        var out = LintCollector(file: ext.infoPlistPath, locations: ext.info.locations)
        let isBundle = ext.bundleURL != nil
        if isBundle {
            for key in ["CFBundleIdentifier", "CFBundleExecutable"] where ext.info.locations[key] == nil {
                out.add(.bundleMissingKey, "\(key) is missing; every extension bundle needs it", at: nil)
            }
        }
        guard let declaration = ext.declaration else {
            out.add(.extensionMissing, "no NSExtension dictionary: this is not an extension's Info.plist", at: nil)
            return out.findings
        }
        checkPoint(declaration, &out)
        checkEntryPoint(declaration, &out)
        checkMediaTypes(declaration, &out)
        checkKeyboard(declaration, &out)
        checkRule(declaration, ext, &out)
        checkJavaScript(declaration, ext, &out)
        checkWebInterface(declaration, ext, &out)
        if let app = ext.containingApp { checkContainingApp(ext, app, &out) }
        return out.findings
    }

    func checkPoint(_ d: ExtensionDeclaration, _ out: inout LintCollector) {
        let key = "NSExtension.NSExtensionPointIdentifier"
        guard let point = d.pointIdentifier else {
            out.add(.extensionUnknownPoint, "NSExtensionPointIdentifier is missing", at: "NSExtension")
            return
        }
        if ExtensionPoint.isSupported(point) { return }
        if ExtensionPoint.apple.contains(point) {
            out.add(.extensionUnsupportedPoint, "\(ExtensionPoint.described(point)) is an extension point Appex does not host: the extension installs but never runs (Appex hosts share and action extensions, Today widgets, photo editing and custom keyboards; \(ExtensionPoint.document) accounts for every point)", at: key)
        } else {
            let near = ExtensionPoint.apple.map { ($0, EditDistance.between($0, point)) }.min { $0.1 < $1.1 }
            let hint = near.flatMap { $0.1 <= 4 ? "; did you mean \($0.0)?" : nil } ?? ""
            out.add(.extensionUnknownPoint, "'\(point)' is not an extension point Apple defines\(hint)", at: key)
        }
    }

    func checkEntryPoint(_ d: ExtensionDeclaration, _ out: inout LintCollector) {
        switch (d.principalClass, d.mainStoryboard) {
        case (.some(let c), .some(let s)):
            out.add(.extensionEntryPoint, "both NSExtensionPrincipalClass (\(c)) and NSExtensionMainStoryboard (\(s)) are set; give exactly one", at: "NSExtension.NSExtensionPrincipalClass")
        case (nil, nil):
            out.add(.extensionEntryPoint, "neither NSExtensionPrincipalClass nor NSExtensionMainStoryboard is set; the system has nothing to launch", at: "NSExtension")
        default:
            break
        }
    }

    /// A photo editor declares what it edits (Apple's `PHSupportedMediaTypes`): without it,
    /// Photos offers the editor for nothing. Appex edits images only.
    func checkMediaTypes(_ d: ExtensionDeclaration, _ out: inout LintCollector) {
        let key = "NSExtension.NSExtensionAttributes.PHSupportedMediaTypes"
        // Many share extensions carry the key too (Flutter's templates); whether Photos reads it
        // there is not documented, so it is left alone outside photo editing.
        guard d.pointIdentifier == ExtensionPoint.photoEditing else { return }
        guard let types = d.supportedMediaTypes else {
            return out.add(.extensionPhotoMediaTypes, "a photo editing extension needs PHSupportedMediaTypes (an array holding Image and/or Video); without it the editor is offered for no photo", at: "NSExtension.NSExtensionAttributes")
        }
        if types.isEmpty {
            out.add(.extensionPhotoMediaTypes, "PHSupportedMediaTypes is empty, so the editor is offered for no photo; list Image and/or Video", at: key)
        }
        for type in types where type != "Image" && type != "Video" {
            let near = ["Image", "Video"].first { $0.lowercased() == type.lowercased() }
            out.add(.extensionPhotoMediaTypes, "PHSupportedMediaTypes holds '\(type)'; the media types are Image and Video\(near.map { " (spelled '\($0)')" } ?? "")", at: key)
        }
        if !types.isEmpty, !types.contains("Image"), types.allSatisfy({ $0 == "Video" }) {
            out.add(.extensionUnsupportedPoint, "PHSupportedMediaTypes lists only Video; Appex edits images only, so `appex edit` never offers this editor (docs/PHOTO-EDITING.md)", at: key, severity: .warning)
        }
    }

    func checkJavaScript(_ d: ExtensionDeclaration, _ ext: ExtensionBundle, _ out: inout LintCollector) {
        guard let name = d.javaScriptPreprocessingFile else { return }
        let key = "NSExtension.NSExtensionAttributes.NSExtensionJavaScriptPreprocessingFile"
        if case .dictionary(let rule) = d.activationRule, !rule.supports(.webPage) {
            out.add(.javascriptWithoutWebPage, "NSExtensionJavaScriptPreprocessingFile is set but NSExtensionActivationSupportsWebPageWithMaxCount is \(rule.maximumCounts[.webPage].map(String.init) ?? "absent"); Safari runs the script only for extensions that accept a web page", at: key)
        }
        guard ext.bundleURL != nil, !name.contains("$(") && !name.contains("${") else { return }
        let file = name.hasSuffix(".js") ? name : name + ".js"
        if ext.javaScriptPreprocessingFileURL == nil {
            out.add(.javascriptMissingFile, "NSExtensionJavaScriptPreprocessingFile names '\(name)', but \(file) is not in the bundle (looked in the bundle's root and Resources/)", at: key)
        }
    }

    /// `AppexWebInterfacePage` (docs/CUSTOM-UI.md): a relative path, without `..`, to an
    /// `.html` file that is in the bundle.
    func checkWebInterface(_ d: ExtensionDeclaration, _ ext: ExtensionBundle, _ out: inout LintCollector) {
        guard let page = d.webInterfacePage else { return }
        let key = "NSExtension.NSExtensionAttributes.AppexWebInterfacePage"
        if let problem = WebInterfacePath.problem(page) {
            return out.add(.interfacePage, "AppexWebInterfacePage is '\(page)': \(problem)", at: key)
        }
        guard let bundle = ext.bundleURL, !page.contains("$(") && !page.contains("${") else { return }
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: bundle.appendingPathComponent(page).path, isDirectory: &isDirectory) || isDirectory.boolValue {
            out.add(.interfacePage, "AppexWebInterfacePage names '\(page)', which is not a file in the bundle", at: key)
        }
    }

    func checkContainingApp(_ ext: ExtensionBundle, _ app: ApplicationBundle, _ out: inout LintCollector) {
        if let id = ext.info.identifier, let appID = app.info.identifier, !id.hasPrefix(appID + ".") {
            out.add(.bundleIdentifierPrefix, "the extension's identifier \(id) does not start with its containing app's identifier \(appID) followed by a dot", at: "CFBundleIdentifier")
        }
        for (key, mine, theirs) in [("CFBundleVersion", ext.info.version, app.info.version),
                                    ("CFBundleShortVersionString", ext.info.shortVersion, app.info.shortVersion)] {
            if let mine, let theirs, mine != theirs {
                out.add(.bundleVersionMismatch, "\(key) is \(mine), but the containing app's is \(theirs); they must be equal", at: key)
            }
        }
    }

    /// `activation.true-predicate` is an error for distribution.
    func adjusted(_ d: LintDiagnostic) -> LintDiagnostic {
        guard distribution, d.code == .activationTruePredicate else { return d }
        var e = d
        e.severity = .error
        return e
    }
}

/// Collects findings for one file, placing each at a key's recorded position.
struct LintCollector {
    let file: String
    let locations: [String: ManifestLocation]
    var findings: [LintDiagnostic] = []

    mutating func add(_ code: LintCode, _ message: String, at keyPath: String?, severity: LintDiagnostic.Severity? = nil) {
        // The key's own position, else its nearest recorded parent's (a missing key is reported
        // where it should have been).
        var location: ManifestLocation?
        var path = keyPath
        while let p = path, location == nil {
            location = locations[p]
            path = p.lastIndex(of: ".").map { String(p[..<$0]) }
        }
        findings.append(LintDiagnostic(code, severity, message, file: file, keyPath: keyPath,
                                       line: location?.line, column: location?.column))
    }
}
