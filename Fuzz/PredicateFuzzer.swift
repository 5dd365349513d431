// libFuzzer target for the predicate format language.
//
// For every input: parse it; if it parses, print the canonical form, parse that again and
// require an equal tree (the round-trip promise) and a fixed-point print; then evaluate it
// with the tree walker and with the compiled form against a typical share object, which
// must agree. Any crash, hang or broken promise is a finding. Built and run by Fuzz/run.sh.

import Foundation
import PredicateFormat

private let object: PredicateValue = [
    "extensionItems": [
        ["attachments": [["registeredTypeIdentifiers": ["public.jpeg", "public.file-url"]],
                         ["registeredTypeIdentifiers": ["public.url"]]]],
    ],
    "name": "Ben", "age": 41, "ratio": 0.5, "tags": ["a", "b"], "nothing": nil,
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let predicate = try? FormatPredicate(format: source) else { return 0 }
    let printed = predicate.predicateFormat
    let reparsed: FormatPredicate
    do {
        reparsed = try FormatPredicate(format: printed)
    } catch {
        fatalError("canonical form does not parse\n  source:  \(source)\n  printed: \(printed)\n  error:   \(error)")
    }
    if reparsed != predicate {
        fatalError("round trip changed the tree\n  source:  \(source)\n  printed: \(printed)\n  again:   \(reparsed.predicateFormat)")
    }
    if reparsed.predicateFormat != printed {
        fatalError("print is not a fixed point\n  printed: \(printed)\n  again:   \(reparsed.predicateFormat)")
    }
    // The compiled form must agree with the tree walker: same result, or same error code.
    let variables: [String: PredicateValue] = ["x": 1, "attachment": object]
    let walked = Result { () throws(PredicateEvaluationError) in try predicate.evaluate(with: object, substitutionVariables: variables) }
    let compiled = Result { () throws(PredicateEvaluationError) in
        try predicate.compiled().evaluate(with: object, substitutionVariables: variables)
    }
    switch (walked, compiled) {
    case (.success(let a), .success(let b)) where a == b: break
    case (.failure(let a), .failure(let b)) where a.code == b.code: break
    default: fatalError("compiled and tree-walking evaluation disagree\n  source: \(source)\n  walked: \(walked)\n  compiled: \(compiled)")
    }
    return 0
}
