import ExtensionManifest
import Testing

/// One dictionary-rule case: a rule, a payload, the outcome and the words the summary must contain.
struct DictionaryCase: CustomTestStringConvertible, Sendable {
    var name: String
    var rule: DictionaryActivationRule
    var payload: ActivationPayload
    var eligible: Bool
    var summary: String
    var testDescription: String { name }
}

private func preset(_ text: String) -> ActivationPayload {
    (try? PayloadPreset.parse(text).payload) ?? ActivationPayload(items: [])
}

/// One item whose attachments have these registered types.
private func items(_ lists: [String]...) -> ActivationPayload {
    ActivationPayload(items: [.init(attachments: lists.map { ids in
        (try? ActivationPayload.Attachment.explicit(ids.joined(separator: ","))) ?? .init(ids)
    })])
}

private let textAndURL = DictionaryActivationRule(maximumCounts: [.webURL: 1], supportsText: true)
private let imagesOnly = DictionaryActivationRule(maximumCounts: [.image: 1])
private let v2Images = DictionaryActivationRule(maximumCounts: [.image: 4], version: 2)
private let v2Strict = DictionaryActivationRule(maximumCounts: [.image: 4], version: 2, usesStrictMatching: true)

let dictionaryCases: [DictionaryCase] = [
    .init(name: "text and URL rule, Safari page", rule: textAndURL, payload: preset("safari-page"),
          eligible: true, summary: "accepted: 1 web URL"),
    .init(name: "text and URL rule, Firefox page (URL + text)", rule: textAndURL, payload: preset("firefox-page"),
          eligible: true, summary: "accepted: 1 web URL, 1 text attachment"),
    .init(name: "v1: 3 photos over an image max of 1", rule: imagesOnly, payload: preset("photos:3"),
          eligible: false, summary: "3 images but NSExtensionActivationSupportsImageWithMaxCount is 1"),
    .init(name: "v1: text attachment without SupportsText", rule: imagesOnly, payload: items(["public.jpeg"], ["public.plain-text"]),
          eligible: false, summary: "attachment 2 (public.plain-text) is text and NSExtensionActivationSupportsText is absent"),
    .init(name: "v2: the unsupported text attachment is ignored", rule: v2Images, payload: items(["public.jpeg"], ["public.plain-text"]),
          eligible: true, summary: "accepted: 1 image"),
    .init(name: "v2 strict: the unsupported attachment fails the rule", rule: v2Strict, payload: items(["public.jpeg"], ["public.plain-text"]),
          eligible: false, summary: "attachment 2 (public.plain-text) is text and none is supported"),
    .init(name: "v2: nothing accepted", rule: v2Images, payload: preset("notes-text"),
          eligible: false, summary: "no attachment is accepted"),
    .init(name: "empty share never activates (min count defaults to 1)", rule: textAndURL, payload: ActivationPayload(items: []),
          eligible: false, summary: "the share has no attachments and NSExtensionActivationSupportsAttachmentsWithMinCount is absent (default 1"),
    .init(name: "attachment max count", rule: DictionaryActivationRule(maximumCounts: [.image: 10], attachmentsMaximum: 2),
          payload: preset("photos:3"), eligible: false,
          summary: "3 attachments but NSExtensionActivationSupportsAttachmentsWithMaxCount is 2"),
    .init(name: "attachment min count", rule: DictionaryActivationRule(maximumCounts: [.image: 10], attachmentsMinimum: 2),
          payload: preset("photos:1"), eligible: false,
          summary: "1 attachment but NSExtensionActivationSupportsAttachmentsWithMinCount is 2"),
    .init(name: "a PDF from Files is a file", rule: DictionaryActivationRule(maximumCounts: [.file: 1]), payload: preset("files-pdf"),
          eligible: true, summary: "accepted: 1 file"),
    .init(name: "v1: a PDF is not an image", rule: imagesOnly, payload: preset("files-pdf"),
          eligible: false, summary: "is a file and NSExtensionActivationSupportsFileWithMaxCount is absent"),
    .init(name: "v2: a photo counts as a file for a files-only rule", rule: DictionaryActivationRule(maximumCounts: [.file: 5], version: 2),
          payload: preset("photos:2"), eligible: true, summary: "accepted: 2 files"),
    .init(name: "v1: a photo's primary kind is image, not file", rule: DictionaryActivationRule(maximumCounts: [.file: 5]),
          payload: preset("photos:2"), eligible: false, summary: "is an image and NSExtensionActivationSupportsImageWithMaxCount is absent"),
    .init(name: "web page needs the JavaScript property list", rule: DictionaryActivationRule(maximumCounts: [.webPage: 1]),
          payload: preset("safari-page"), eligible: false, summary: "is a web URL and NSExtensionActivationSupportsWebURLWithMaxCount is absent"),
    .init(name: "web page with JavaScript results", rule: DictionaryActivationRule(maximumCounts: [.webPage: 1]),
          payload: preset("safari-page-js"), eligible: true, summary: "accepted: 1 web page"),
    .init(name: "mixed photos: movies over their max", rule: DictionaryActivationRule(maximumCounts: [.image: 10, .movie: 1]),
          payload: preset("photos-mixed:4"), eligible: false,
          summary: "2 movies but NSExtensionActivationSupportsMovieWithMaxCount is 1"),
    .init(name: "explicit zero is unsupported", rule: DictionaryActivationRule(maximumCounts: [.webURL: 0], supportsText: false),
          payload: preset("safari-page"), eligible: false, summary: "NSExtensionActivationSupportsWebURLWithMaxCount is 0"),
    .init(name: "a wrong-typed key counts as absent and says so",
          rule: DictionaryActivationRule(ignored: [.init(key: "NSExtensionActivationSupportsWebURLWithMaxCount", reason: "is a string, expected a number")]),
          payload: preset("safari-page"), eligible: false,
          summary: "NSExtensionActivationSupportsWebURLWithMaxCount is a string, expected a number, so it counts as absent"),
    .init(name: "a mailto URL is not a web URL", rule: textAndURL,
          payload: ActivationPayload(items: [.init(attachments: [.init(["public.url"], url: "mailto:a@example.com")])]),
          eligible: false, summary: "is a file and NSExtensionActivationSupportsFileWithMaxCount is absent"),
    .init(name: "a text file from Files is a file, not text", rule: textAndURL, payload: items(["public.plain-text", "public.file-url"]),
          eligible: false, summary: "is a file"),
]

@Test(arguments: dictionaryCases)
func dictionaryRuleDecides(_ c: DictionaryCase) {
    let decision = c.rule.evaluate(c.payload)
    #expect(decision.isEligible == c.eligible, "\(decision.summary)")
    #expect(decision.summary.contains(c.summary), "summary was: \(decision.summary)")
    #expect(decision.ruleForm == .dictionary)
}

@Test func versionNotesNameTheRuling() {
    let v1 = imagesOnly.evaluate(preset("photos:1"))
    #expect(v1.notes.first?.contains("version 1 matching (strict)") == true)
    let v2 = v2Strict.evaluate(preset("photos:1"))
    #expect(v2.notes.first?.contains("NSExtensionActivationUsesStrictMatching") == true)
}

@Test func everyAttachmentGetsATraceLine() {
    let decision = imagesOnly.evaluate(preset("photos-mixed:3"))
    let lines = decision.trace.flatMap { $0.lines() }
    #expect(lines.filter { $0.contains("attachment ") && $0.contains("(") }.count == 3)
}
