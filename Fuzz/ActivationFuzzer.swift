// libFuzzer target for the activation evaluator on arbitrary (rule, payload) pairs
// (`activation`): the rule an untrusted bundle declares, against whatever a host shares.
// The `manifest` target varies the rule and keeps eleven typical payloads; this one varies both.
//
// Input: byte 0 is the length L of a payload description (bytes 1…L); the rest is the rule.
// A rule starting with "dict:" is a dictionary rule in the registry's line form
// (`DictionaryActivationRule(line:)`, e.g. `dict:max=3;image=2;text=1`); any other is an
// NSPredicate format string. The description decodes, a byte at a time (0 once used up),
// into up to three items, each with an optional title and content text and up to five
// attachments; an attachment has one to three type identifiers from a table (real ones,
// wrong-case, dynamic, unknown, empty), and may have a URL and a suggested name.
//
// The payload is decided twice, through the share sheet's fast path
// (`PreparedActivationRule.decide`) and the explained one (`ActivationRule.evaluate`); they
// must agree, and every explanation is rendered. A crash, a hang or a disagreement is a finding.

import ExtensionManifest
import Foundation

let typeTable = [
    "public.item", "public.data", "public.content", "public.text", "public.plain-text", "public.utf8-plain-text",
    "public.url", "public.file-url", "public.URL", "public.image", "public.jpeg", "public.png", "public.heic",
    "public.movie", "public.mpeg-4", "public.audio", "com.adobe.pdf", "public.html", "com.apple.property-list",
    "public.vcard", "com.apple.pkpass", "public.zip-archive", "public.folder", "com.apple.webarchive",
    "com.example.custom", "dyn.ah62d4rv4ge80k2u", "", "public.",
]
let urlTable = ["https://www.swift.org/", "http://example.com/a?b=c", "file:///tmp/a.pdf", "mailto:a@example.com", "data:,x",
                "ftp://host/file", "not a url", ""]
let textTable = ["", "Hello", "分享一个链接", "a\u{0}b", String(repeating: "x", count: 300), "https://www.swift.org"]

/// Reads the payload description a byte at a time; 0 once it is used up.
struct Bytes {
    var rest: ArraySlice<UInt8>
    mutating func next() -> Int { Int(rest.popFirst() ?? 0) }
    mutating func pick<T>(_ table: [T]) -> T { table[next() % table.count] }
}

func payload(_ description: ArraySlice<UInt8>) -> ActivationPayload {
    var bytes = Bytes(rest: description)
    var items: [ActivationPayload.Item] = []
    for _ in 0..<(bytes.next() % 4) {
        let flags = bytes.next()
        var attachments: [ActivationPayload.Attachment] = []
        for _ in 0..<(bytes.next() % 6) {
            let types = (0...(bytes.next() % 3)).map { _ in bytes.pick(typeTable) }
            let details = bytes.next()
            attachments.append(.init(types, url: details & 1 != 0 ? bytes.pick(urlTable) : nil,
                                     suggestedName: details & 2 != 0 ? bytes.pick(textTable) : nil))
        }
        items.append(.init(title: flags & 1 != 0 ? bytes.pick(textTable) : nil,
                           contentText: flags & 2 != 0 ? bytes.pick(textTable) : nil, attachments: attachments))
    }
    return ActivationPayload(items: items)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let length = min(Int(bytes[0]), size - 1)
    let shared = payload(bytes[1..<(1 + length)])
    let text = String(decoding: bytes[(1 + length)...], as: UTF8.self)
    let rule: ActivationRule
    if text.hasPrefix("dict:") {
        guard let dictionary = DictionaryActivationRule(line: String(text.dropFirst(5))) else { return 0 }
        rule = .dictionary(dictionary)
    } else {
        rule = .predicate(PredicateActivationRule(source: text))
    }
    let fast = PreparedActivationRule(rule).decide(shared)
    let explained = rule.evaluate(shared)
    guard fast.isEligible == explained.isEligible else {
        fatalError("the share sheet's path says \(fast.isEligible), the explained one \(explained.isEligible): \(explained.summary)")
    }
    _ = explained.summary
    _ = explained.trace.flatMap { $0.lines() }
    _ = explained.notes
    _ = fast.summary
    return 0
}
