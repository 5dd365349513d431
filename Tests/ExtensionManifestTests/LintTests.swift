import ExtensionManifest
import Foundation
import Testing

/// An Info.plist around an NSExtension body.
func infoPlist(_ nsExtension: String, bundle: String = "<key>CFBundleIdentifier</key><string>com.example.app.share</string>") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(bundle)
    <key>NSExtension</key>
    <dict>
    \(nsExtension)
    </dict>
    </dict>
    </plist>
    """
}

/// `NSExtensionAttributes` with a dictionary rule, plus a share point and a principal class.
/// A photo editor's `NSExtension` entries, with `attributes` inside NSExtensionAttributes.
func photoEditor(_ attributes: String) -> String {
    """
    <key>NSExtensionPointIdentifier</key><string>com.apple.photo-editing</string>
    <key>NSExtensionPrincipalClass</key><string>PhotoEditingViewController</string>
    <key>NSExtensionAttributes</key><dict>\(attributes)</dict>
    """
}

func share(rule: String, attributes: String = "") -> String {
    """
    <key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string>
    <key>NSExtensionPrincipalClass</key><string>ShareViewController</string>
    <key>NSExtensionAttributes</key>
    <dict>\(attributes)
    <key>NSExtensionActivationRule</key>\(rule)
    </dict>
    """
}

struct LintCase: CustomTestStringConvertible, Sendable {
    var name: String
    var plist: String
    var code: LintCode
    var severity: LintDiagnostic.Severity
    var message: String
    var distribution = false
    var testDescription: String { name }
}

let lintCases: [LintCase] = [
    .init(name: "MaxCount as a string (ITMS-90361)",
          plist: infoPlist(share(rule: "<dict><key>NSExtensionActivationSupportsWebURLWithMaxCount</key><string>1</string></dict>")),
          code: .activationWrongType, severity: .error, message: "is a string (\"1\"), expected an integer"),
    .init(name: "invented PDF key",
          plist: infoPlist(share(rule: "<dict><key>NSExtensionActivationSupportsPDFWithMaxCount</key><integer>1</integer><key>NSExtensionActivationSupportsText</key><true/></dict>")),
          code: .activationUnknownKey, severity: .error, message: "NSExtensionActivationSupportsPDFWithMaxCount is not an activation key Apple defines"),
    .init(name: "TRUEPREDICATE warns", plist: infoPlist(share(rule: "<string>TRUEPREDICATE</string>")),
          code: .activationTruePredicate, severity: .warning, message: "TRUEPREDICATE"),
    .init(name: "TRUEPREDICATE is an error for distribution", plist: infoPlist(share(rule: "<string>TRUEPREDICATE</string>")),
          code: .activationTruePredicate, severity: .error, message: "the App Store rejects", distribution: true),
    .init(name: "JavaScript without web page",
          plist: infoPlist(share(rule: "<dict><key>NSExtensionActivationSupportsWebURLWithMaxCount</key><integer>1</integer></dict>",
                                 attributes: "<key>NSExtensionJavaScriptPreprocessingFile</key><string>Action</string>")),
          code: .javascriptWithoutWebPage, severity: .error, message: "NSExtensionActivationSupportsWebPageWithMaxCount is absent"),
    .init(name: "a typo in the point identifier",
          plist: infoPlist("<key>NSExtensionPointIdentifier</key><string>com.apple.share-service</string><key>NSExtensionPrincipalClass</key><string>A</string>"),
          code: .extensionUnknownPoint, severity: .error, message: "did you mean com.apple.share-services?"),
    .init(name: "another Apple point", plist: infoPlist("<key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string><key>NSExtensionPrincipalClass</key><string>A</string>"),
          code: .extensionUnsupportedPoint, severity: .warning,
          message: "com.apple.widgetkit-extension (Widget) is an extension point Appex does not host: the extension installs but never runs"),
    .init(name: "a point of the seeds not hosted", plist: infoPlist("<key>NSExtensionPointIdentifier</key><string>com.apple.fileprovider-ui</string><key>NSExtensionPrincipalClass</key><string>A</string>"),
          code: .extensionUnsupportedPoint, severity: .warning, message: "(Appex hosts share and action extensions, Today widgets, photo editing and custom keyboards; docs/EXTENSION-POINTS.md accounts for every point)"),
    .init(name: "a keyboard without PrimaryLanguage", plist: infoPlist("<key>NSExtensionPointIdentifier</key><string>com.apple.keyboard-service</string><key>NSExtensionPrincipalClass</key><string>A</string>"),
          code: .extensionKeyboardLanguage, severity: .warning, message: "a custom keyboard has no PrimaryLanguage"),
    .init(name: "a keyboard language with an underscore", plist: infoPlist("<key>NSExtensionPointIdentifier</key><string>com.apple.keyboard-service</string><key>NSExtensionPrincipalClass</key><string>A</string><key>NSExtensionAttributes</key><dict><key>PrimaryLanguage</key><string>zh_Hans</string></dict>"),
          code: .extensionKeyboardLanguage, severity: .warning, message: "PrimaryLanguage is 'zh_Hans', which is not a language tag such as en-US or zh-Hans (spelled 'zh-Hans')"),
    .init(name: "a keyboard language that is a name", plist: infoPlist("<key>NSExtensionPointIdentifier</key><string>com.apple.keyboard-service</string><key>NSExtensionPrincipalClass</key><string>A</string><key>NSExtensionAttributes</key><dict><key>PrimaryLanguage</key><string>English</string></dict>"),
          code: .extensionKeyboardLanguage, severity: .warning, message: "PrimaryLanguage is 'English', which is not a language tag"),
    .init(name: "a keyboard's open access as a string", plist: infoPlist("<key>NSExtensionPointIdentifier</key><string>com.apple.keyboard-service</string><key>NSExtensionPrincipalClass</key><string>A</string><key>NSExtensionAttributes</key><dict><key>PrimaryLanguage</key><string>en-US</string><key>RequestsOpenAccess</key><string>YES</string></dict>"),
          code: .extensionWrongType, severity: .warning, message: "RequestsOpenAccess is a string"),
    .init(name: "a photo editor without PHSupportedMediaTypes", plist: infoPlist(photoEditor("")),
          code: .extensionPhotoMediaTypes, severity: .error, message: "needs PHSupportedMediaTypes (an array holding Image and/or Video)"),
    .init(name: "a photo editor with no media types", plist: infoPlist(photoEditor("<key>PHSupportedMediaTypes</key><array/>")),
          code: .extensionPhotoMediaTypes, severity: .error, message: "PHSupportedMediaTypes is empty"),
    .init(name: "a media type misspelled", plist: infoPlist(photoEditor("<key>PHSupportedMediaTypes</key><array><string>image</string></array>")),
          code: .extensionPhotoMediaTypes, severity: .error, message: "holds 'image'; the media types are Image and Video (spelled 'Image')"),
    .init(name: "media types as a string", plist: infoPlist(photoEditor("<key>PHSupportedMediaTypes</key><string>Image</string>")),
          code: .extensionWrongType, severity: .warning, message: "PHSupportedMediaTypes is a string (\"Image\"), expected an array of strings"),
    .init(name: "a video editor", plist: infoPlist(photoEditor("<key>PHSupportedMediaTypes</key><array><string>Video</string></array>")),
          code: .extensionUnsupportedPoint, severity: .warning, message: "lists only Video; Appex edits images only"),

    .init(name: "both entry points",
          plist: infoPlist(share(rule: "<string>TRUEPREDICATE</string>") + "<key>NSExtensionMainStoryboard</key><string>MainInterface</string>"),
          code: .extensionEntryPoint, severity: .error, message: "both NSExtensionPrincipalClass (ShareViewController) and NSExtensionMainStoryboard (MainInterface)"),
    .init(name: "no entry point", plist: infoPlist("<key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string>"),
          code: .extensionEntryPoint, severity: .error, message: "neither NSExtensionPrincipalClass nor NSExtensionMainStoryboard"),
    .init(name: "no rule", plist: infoPlist("<key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string><key>NSExtensionPrincipalClass</key><string>A</string>"),
          code: .activationMissingRule, severity: .error, message: "activates for nothing"),
    .init(name: "predicate syntax error with its position",
          plist: infoPlist(share(rule: "<string>SUBQUERY(extensionItems, $e, $e.attachments.@count &gt;).@count == 1</string>")),
          code: .activationPredicateSyntax, severity: .error, message: "1:"),
    .init(name: "an impossible count",
          plist: infoPlist(share(rule: "<string>extensionItems.@count &lt; 0</string>")),
          code: .activationNeverTrue, severity: .error, message: "a count is never less than 0"),
    .init(name: "a count at least a number past every count (the manifest fuzzer's find: it trapped)",
          plist: infoPlist(share(rule: "<string>extensionItems.@count &gt;= 2666666666666666666666666666</string>")),
          code: .activationNeverTrue, severity: .error, message: "a count is never >= 2.6666666666666665e+27"),
    .init(name: "a count above a number past every count",
          plist: infoPlist(share(rule: "<string>extensionItems.@count &gt; 1e300 OR extensionItems.@count == 1</string>")),
          code: .activationNeverTrue, severity: .error, message: "a count is never > 1e+300"),
    .init(name: "contradicting counts",
          plist: infoPlist(share(rule: "<string>extensionItems.@count == 1 AND extensionItems.@count &gt;= 2</string>")),
          code: .activationNeverTrue, severity: .error, message: "contradict each other"),
    .init(name: "a rule that raises for a common share (a string ordered with a number)",
          plist: infoPlist(share(rule: "<string>SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers &gt; 2).@count &gt;= 1).@count == 1</string>")),
          code: .activationRaises, severity: .warning, message: "the activation predicate raises, so the extension is not offered; for safari-page: evaluating the rule failed: cannot order \"public.url\" and 2"),
    .init(name: "all counts zero", plist: infoPlist(share(rule: "<dict><key>NSExtensionActivationSupportsImageWithMaxCount</key><integer>0</integer></dict>")),
          code: .activationNeverTrue, severity: .error, message: "accepts nothing"),
    .init(name: "an unknown UTI, with a suggestion",
          plist: infoPlist(share(rule: "<string>SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.jpg\").@count &gt;= 1).@count == 1</string>")),
          code: .activationUnknownType, severity: .warning, message: "did you mean public.jpeg?"),
    .init(name: "a to-many comparison without ANY",
          plist: infoPlist(share(rule: "<string>SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.url\").@count &gt;= 1).@count == 1</string>")),
          code: .activationToManyWithoutAny, severity: .warning, message: "without ANY, ALL or NONE"),
    .init(name: "a key path outside the object",
          plist: infoPlist(share(rule: "<string>ANY NSExtensionItems.attachments.contentTypeUTI == \"public.url\"</string>")),
          code: .activationUnknownKeyPath, severity: .warning, message: "'NSExtensionItems' is not in the object the rule sees"),
    .init(name: "strict matching without version 2",
          plist: infoPlist(share(rule: "<dict><key>NSExtensionActivationSupportsText</key><true/><key>NSExtensionActivationUsesStrictMatching</key><true/></dict>")),
          code: .activationStrictWithoutVersion2, severity: .warning, message: "has no effect"),
    .init(name: "a negative count", plist: infoPlist(share(rule: "<dict><key>NSExtensionActivationSupportsImageWithMaxCount</key><integer>-1</integer></dict>")),
          code: .activationInvalidCount, severity: .error, message: "cannot be negative"),
    .init(name: "an activation key in NSExtensionAttributes",
          plist: infoPlist(share(rule: "<string>TRUEPREDICATE</string>", attributes: "<key>NSExtensionActivationSupportsText</key><true/>")),
          code: .extensionMisplacedKey, severity: .warning, message: "belongs inside NSExtensionActivationRule"),
    .init(name: "a rule that is a number", plist: infoPlist(share(rule: "<integer>1</integer>")),
          code: .activationInvalidRule, severity: .error, message: "is an integer, expected a dictionary or a predicate string"),
    .init(name: "a duplicate key", plist: infoPlist(share(rule: "<string>TRUEPREDICATE</string>"), bundle: "<key>CFBundleVersion</key><string>1</string><key>CFBundleVersion</key><string>2</string>"),
          code: .plistDuplicateKey, severity: .warning, message: "key 'CFBundleVersion' appears more than once"),
    .init(name: "an unexpanded variable", plist: infoPlist(share(rule: "<string>TRUEPREDICATE</string>"), bundle: "<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>"),
          code: .bundleUnexpandedVariable, severity: .note, message: "give --define PRODUCT_BUNDLE_IDENTIFIER=VALUE"),
]

@Test(arguments: lintCases)
func lintFinds(_ c: LintCase) throws {
    try withTemporaryDirectory { dir in
        let url = dir.appendingPathComponent("Info.plist")
        try Data(c.plist.utf8).write(to: url)
        let findings = Linter(distribution: c.distribution).lint(try ManifestLoader().load(url.path))
        let match = findings.first { $0.code == c.code }
        let finding = try #require(match, "no \(c.code) among: \(findings.map(\.description))")
        #expect(finding.severity == c.severity)
        #expect(finding.message.contains(c.message), "\(finding.message)")
        #expect(finding.line != nil, "XML findings carry a line")
        #expect(LintCode.all.contains(c.code), "\(c.code) is one of LintCode.all")
    }
}

@Test func theWrongTypeFindingPointsAtTheValue() throws {
    try withTemporaryDirectory { dir in
        let url = dir.appendingPathComponent("Info.plist")
        try Data(infoPlist(share(rule: "<dict>\n<key>NSExtensionActivationSupportsWebURLWithMaxCount</key>\n  <string>1</string></dict>")).utf8).write(to: url)
        let finding = try #require(Linter().lint(try ManifestLoader().load(url.path)).first { $0.code == .activationWrongType })
        #expect(finding.keyPath == "NSExtension.NSExtensionAttributes.NSExtensionActivationRule.NSExtensionActivationSupportsWebURLWithMaxCount")
        #expect(finding.column == 3)
        #expect(finding.description.hasPrefix(url.path + ":\(finding.line ?? 0):3: error: "))
    }
}
