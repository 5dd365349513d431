import ExtensionManifest
import Foundation
import Testing

/// A predicate rule around one attachment test: `SUBQUERY(items, $e, SUBQUERY($e.attachments,
/// $a, <test>).@count <count>).@count == 1`, escaped for XML.
func attachmentRule(_ test: String, count: String) -> String {
    let rule = "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, \(test)).@count \(count)).@count == 1"
    return "<string>" + rule.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;") + "</string>"
}

/// `ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "<type>"`.
func typeTest(_ type: String) -> String { "ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"\(type)\"" }

/// One hand-written rule and whether a finding found by trying it on shares fires.
struct ProbeLintCase: CustomTestStringConvertible, Sendable {
    var name: String
    var rule: String
    var code: LintCode
    /// Text the message must contain; `nil` when the code must not fire.
    var message: String?
    var testDescription: String { "\(name): \(message == nil ? "no" : "") \(code)" }
}

let probeLintCases: [ProbeLintCase] = [
    // activation.zero-count
    .init(name: "at most 2 URLs also holds for none (DuckDuckGo's shape)",
          rule: attachmentRule(typeTest("public.url"), count: "<= 2"), code: .activationZeroCount,
          message: "the rule accepts photos:3 (3 × [public.jpeg, public.heic]) only through "
              + "SUBQUERY($e.attachments, $a, …).@count <= 2 (it counts public.url), which holds with a count of 0: no attachment matched a type the rule tests"),
    .init(name: "fewer than 5 images also holds for a web page",
          rule: attachmentRule(typeTest("public.image"), count: "< 5"), code: .activationZeroCount,
          message: "the rule accepts safari-page ([public.url]) only through SUBQUERY($e.attachments, $a, …).@count < 5 (it counts public.image)"),
    .init(name: "a movie named as public.video: a QuickTime movie is not one, and 0 of them is at most 5",
          rule: attachmentRule(typeTest("public.image") + " OR " + typeTest("public.video") + " OR " + typeTest("public.url") + " OR " + typeTest("public.text"), count: "<= 5"),
          code: .activationZeroCount, message: "the rule accepts 3 × [com.apple.quicktime-movie] only through"),
    .init(name: "one photo, or at most 2 URLs: three photos get in through the URL count (Neebla's shape)",
          rule: "<string>SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, \(typeTest("public.image"))).@count == 1 OR SUBQUERY($e.attachments, $a, \(typeTest("public.url"))).@count &lt;= 2).@count == 1</string>",
          code: .activationZeroCount, message: "the rule accepts photos:3 (3 × [public.jpeg, public.heic]) only through SUBQUERY($e.attachments, $a, …).@count <= 2 (it counts public.url)"),
    .init(name: "two bounds at zero at once",
          rule: "<string>SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, \(typeTest("public.image"))).@count &lt;= 3 AND SUBQUERY($e.attachments, $a, \(typeTest("public.url"))).@count &lt; 2).@count == 1</string>",
          code: .activationZeroCount, message: "the rule accepts notes-text ([public.plain-text]) only through SUBQUERY($e.attachments, $a, …).@count <= 3 (it counts public.image) and SUBQUERY($e.attachments, $a, …).@count < 2 (it counts public.url), which hold with a count of 0"),
    .init(name: "no text on purpose: an exact zero is not a bound",
          rule: attachmentRule(typeTest("public.text"), count: "== 0"), code: .activationZeroCount, message: nil),
    .init(name: "at least one URL", rule: attachmentRule(typeTest("public.url"), count: ">= 1"), code: .activationZeroCount, message: nil),
    .init(name: "between 1 and 2 URLs",
          rule: "<string>SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, \(typeTest("public.url"))).@count BETWEEN {1, 2}).@count == 1</string>",
          code: .activationZeroCount, message: nil),
    .init(name: "every attachment a PDF (Apple's example)",
          rule: attachmentRule(typeTest("com.adobe.pdf"), count: "== $e.attachments.@count"), code: .activationZeroCount, message: nil),
    .init(name: "a URL and deliberately no image: the zero is counted beside a named type",
          rule: "<string>SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, \(typeTest("public.url"))).@count &gt;= 1 AND SUBQUERY($e.attachments, $a, \(typeTest("public.image"))).@count == 0).@count == 1</string>",
          code: .activationZeroCount, message: nil),
    .init(name: "anything but images names images and counts nothing",
          rule: "<string>NOT (ANY extensionItems.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\")</string>",
          code: .activationZeroCount, message: nil),

    // activation.accepts-nothing
    .init(name: "an attachment that is an image AND a movie (OR meant)",
          rule: attachmentRule(typeTest("public.image") + " AND " + typeTest("public.movie"), count: ">= 1"), code: .activationAcceptsNothing,
          message: "shares tried (every preset, and 1 to 10 attachments of each type it names: public.image, public.movie), so the extension is never offered; for safari-page: "),
    .init(name: "a Wallet pass alone: no preset carries one, but a pass is accepted",
          rule: attachmentRule(typeTest("com.apple.pkpass"), count: "== 1"), code: .activationAcceptsNothing, message: nil),
    .init(name: "a count that can never hold is activation.never-true only",
          rule: "<string>extensionItems.@count &lt; 0</string>", code: .activationAcceptsNothing, message: nil),
    .init(name: "at least one URL accepts something", rule: attachmentRule(typeTest("public.url"), count: ">= 1"), code: .activationAcceptsNothing, message: nil),

    // activation.accepts-everything
    .init(name: "any item with an attachment", rule: "<string>SUBQUERY(extensionItems, $e, $e.attachments.@count &gt;= 1).@count &gt;= 1</string>",
          code: .activationAcceptsEverything,
          message: "and even an attachment of a type nothing declares (com.example.undeclared-type), so it is TRUEPREDICATE in effect; the App Store rejects TRUEPREDICATE"),
    .init(name: "up to 20 of anything: public.item, and 0 of it is at most 20 (Threema's shape)",
          rule: attachmentRule(typeTest("public.item"), count: "<= 20"), code: .activationAcceptsEverything,
          message: "(com.example.undeclared-type) (for it, SUBQUERY($e.attachments, $a, …).@count <= 20 (it counts public.item) holds with a count of 0), so it is TRUEPREDICATE in effect"),
    .init(name: "one item, whatever it holds", rule: "<string>extensionItems.@count == 1</string>", code: .activationAcceptsEverything,
          message: "the rule accepts every preset's share (safari-page, safari-page-js, firefox-page, photos:N, photos-mixed:N, files-pdf, notes-text, mail-attachments:N, N = 3 and 1)"),
    .init(name: "any data or URL (Signal's shape) still looks at the types",
          rule: attachmentRule(typeTest("public.data") + " OR " + typeTest("public.url"), count: ">= 1"), code: .activationAcceptsEverything, message: nil),
    .init(name: "TRUEPREDICATE itself is activation.true-predicate only", rule: "<string>TRUEPREDICATE</string>",
          code: .activationAcceptsEverything, message: nil),
    .init(name: "at most 2 URLs rejects three mail attachments (file URLs are URLs)",
          rule: attachmentRule(typeTest("public.url") + " OR " + typeTest("public.plain-text"), count: "<= 2"), code: .activationAcceptsEverything, message: nil),
]

/// What `Linter` finds for a plist text.
func lintFindings(_ plist: String) throws -> [LintDiagnostic] {
    try withTemporaryDirectory { dir in
        let url = dir.appendingPathComponent("Info.plist")
        try Data(plist.utf8).write(to: url)
        return Linter().lint(try ManifestLoader().load(url.path))
    }
}

@Suite("Lint: rules tried on shares")
struct LintProbeTests {
    @Test(arguments: probeLintCases)
    func probe(_ c: ProbeLintCase) throws {
        let findings = try lintFindings(infoPlist(share(rule: c.rule)))
        let found = findings.filter { $0.code == c.code }
        if let message = c.message {
            let finding = try #require(found.first, "no \(c.code) among: \(findings.map(\.description))")
            #expect(found.count == 1)
            #expect(finding.severity == .warning)
            #expect(finding.message.contains(message), "\(finding.message)")
            #expect(finding.keyPath == "NSExtension.NSExtensionAttributes.NSExtensionActivationRule")
            #expect(finding.line != nil, "XML findings carry a line")
        } else {
            #expect(found.isEmpty, "unexpected: \(found.map(\.message))")
        }
    }

    @Test("--distribution leaves the findings found by trying shares warnings")
    func distributionKeepsWarnings() throws {
        try withTemporaryDirectory { dir in
            let url = dir.appendingPathComponent("Info.plist")
            try Data(infoPlist(share(rule: "<string>extensionItems.@count == 1</string>")).utf8).write(to: url)
            let findings = Linter(distribution: true).lint(try ManifestLoader().load(url.path))
            let finding = try #require(findings.first { $0.code == .activationAcceptsEverything })
            #expect(finding.severity == .warning)
        }
    }

    @Test("the types a rule names, in order, each once, at any depth")
    func namedTypes() {
        let rule = PredicateActivationRule(source: """
            SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url"
            OR ANY $a.registeredTypeIdentifiers UTI-EQUALS "Public.URL" OR ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count >= 1).@count == 1
            OR ANY extensionItems.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf"
            """)
        #expect(rule.namedTypeIdentifiers == ["public.url", "public.image", "com.adobe.pdf"])
        #expect(PredicateActivationRule(source: "extensionItems.@count == 1").namedTypeIdentifiers.isEmpty)
        #expect(PredicateActivationRule(source: "SUBQUERY(").namedTypeIdentifiers.isEmpty)
    }
}
