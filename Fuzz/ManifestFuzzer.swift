// libFuzzer target for the manifest reader, the linter and the activation evaluator
// (`manifest`): an Info.plist from an untrusted bundle, as `appex lint`, `appex install` and
// the share sheet read it.
//
// Each input is written to a file (the loader reads paths) and loaded as an extension's
// Info.plist, XML or binary. When it loads: every lint finding prints; the activation rule
// it declares decides a set of typical payloads (text, a web URL, a web page, images, a PDF,
// a movie, a mix, none) twice, through the fast path the share sheet uses
// (`PreparedActivationRule.decide`: the dictionary's `accepts`, the compiled predicate) and
// through the explained one `appex match --explain` uses (`ActivationRule.evaluate`: the
// tree walker), and the two must agree; every explanation prints. A crash, a hang or a
// disagreement is a finding.

import ExtensionManifest
import Foundation
import Glibc

let inputPath = "/dev/shm/appex-manifest-fuzz-\(getpid()).plist"

/// Payloads the share sheet meets every day.
let payloads: [ActivationPayload] = {
    func attachment(_ types: String) -> ActivationPayload.Attachment {
        guard let made = try? ActivationPayload.Attachment.explicit(types) else { fatalError("bad seed type list \(types)") }
        return made
    }
    let lists: [[String]] = [
        ["public.plain-text"], ["public.url"], ["public.url", "public.plain-text"],
        ["com.apple.property-list", "public.url"], ["public.jpeg,public.file-url"],
        ["public.jpeg,public.file-url", "public.png,public.file-url", "public.heic,public.file-url"],
        ["com.adobe.pdf,public.file-url"], ["public.mpeg-4,public.file-url"], ["public.vcard"],
        ["public.jpeg,public.file-url", "public.plain-text", "public.url"], [],
    ]
    return lists.map { list in
        (try? ActivationPayload.grouping(list.map(attachment))) ?? ActivationPayload(items: [])
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard FileManager.default.createFile(atPath: inputPath, contents: Data(bytes: data, count: size)) else {
        fatalError("cannot write \(inputPath)")
    }
    defer { unlink(inputPath) }
    guard let loaded = try? ManifestLoader().load(inputPath) else { return 0 }
    for diagnostic in Linter().lint(loaded) { _ = diagnostic.description }
    for ext in loaded.extensions {
        guard let rule = ext.declaration?.activationRule else { continue }
        let prepared = PreparedActivationRule(rule)
        for (index, payload) in payloads.enumerated() {
            let fast = prepared.decide(payload)
            let explained = rule.evaluate(payload)
            guard fast.isEligible == explained.isEligible else {
                fatalError("payload \(index): the share sheet's path says \(fast.isEligible), the explained one \(explained.isEligible): \(explained.summary)")
            }
            _ = explained.trace.flatMap { $0.lines() }
            _ = explained.notes
        }
    }
    return 0
}
