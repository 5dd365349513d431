import ExtensionManifest
import Testing

/// Apple's own "exactly one PDF" rule (App Extension Programming Guide).
let applePDFRule = """
SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment, \
ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf").@count == $extensionItem.attachments.@count).@count == 1
"""

/// Tumblr-style OR of subqueries: images up to 4, or one URL.
let orRule = """
SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count <= 4 \
AND SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count >= 1).@count >= 1 \
OR SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url").@count == 1).@count >= 1
"""

struct PredicateCase: CustomTestStringConvertible, Sendable {
    var name: String
    var rule: String
    var preset: String
    var eligible: Bool
    var explanation: [String]
    var testDescription: String { name }
}

let predicateCases: [PredicateCase] = [
    .init(name: "PDF rule, PDF from Files", rule: applePDFRule, preset: "files-pdf", eligible: true,
          explanation: ["SUBQUERY(extensionItems, $extensionItem, …).@count == 1: SUBQUERY(extensionItems, $extensionItem, …).@count is 1"]),
    .init(name: "PDF rule, photos: the inner SUBQUERY counted 0 of 2", rule: applePDFRule, preset: "photos:2", eligible: false,
          explanation: ["SUBQUERY(extensionItems, $extensionItem, …).@count is 0",
                        "SUBQUERY($extensionItem.attachments, $attachment, …).@count is 0, $extensionItem.attachments.@count is 2",
                        "[public.jpeg, public.heic]"]),
    .init(name: "PDF rule, mail: 1 of 3 attachments is a PDF", rule: applePDFRule, preset: "mail-attachments:3", eligible: false,
          explanation: ["SUBQUERY($extensionItem.attachments, $attachment, …).@count is 1, $extensionItem.attachments.@count is 3"]),
    .init(name: "OR rule, 3 photos", rule: orRule, preset: "photos:3", eligible: true, explanation: ["any of 2 clauses (1 hold)"]),
    .init(name: "OR rule, 5 photos", rule: orRule, preset: "photos:5", eligible: false,
          explanation: ["SUBQUERY($e.attachments, $a, …).@count <= 4: SUBQUERY($e.attachments, $a, …).@count is 5"]),
    .init(name: "OR rule, Safari page", rule: orRule, preset: "safari-page", eligible: true, explanation: ["(1 hold)"]),
    .init(name: "TRUEPREDICATE matches everything", rule: "TRUEPREDICATE", preset: "notes-text", eligible: true,
          explanation: ["TRUEPREDICATE"]),
    .init(name: "keys outside the exposed object are null", rule: "ANY extensionItems.attachments.contentTypeUTI == \"public.url\"",
          preset: "safari-page", eligible: false, explanation: ["ANY extensionItems.attachments.contentTypeUTI == \"public.url\""]),
]

@Test(arguments: predicateCases)
func predicateRuleDecidesAndExplains(_ c: PredicateCase) throws {
    let rule = PredicateActivationRule(source: c.rule)
    #expect(rule.syntaxError == nil)
    let payload = try PayloadPreset.parse(c.preset).payload
    let decision = rule.evaluate(payload)
    #expect(decision.isEligible == c.eligible, "\(decision.summary)")
    let text = decision.trace.flatMap { $0.lines() }.joined(separator: "\n")
    for fragment in c.explanation {
        #expect(text.contains(fragment), "explanation lacks \(fragment):\n\(text)")
    }
}

@Test func aSyntaxErrorIsKeptWithItsPosition() throws {
    let rule = PredicateActivationRule(source: "SUBQUERY(extensionItems, $e, ANY $e.attachments ==).@count == 1")
    let error = try #require(rule.syntaxError)
    #expect(error.line == 1)
    let decision = rule.evaluate(try PayloadPreset.parse("safari-page").payload)
    #expect(!decision.isEligible)
    #expect(decision.ruleForm == .invalid)
    #expect(decision.summary.contains("1:\(error.column)"))
}

@Test func theObjectExposesOnlyRegisteredTypes() throws {
    let payload = try PayloadPreset.parse("safari-page").payload
    let object = PredicateActivationRule.object(for: payload)
    #expect(object == ["extensionItems": [["attachments": [["registeredTypeIdentifiers": ["public.url"]]]]]])
}
