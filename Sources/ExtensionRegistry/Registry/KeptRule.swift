import ExtensionManifest
import Foundation

/// An activation rule as the registry keeps it beside the declaration, to be read back a
/// thousand times a share without decoding JSON (docs/REGISTRY.md, "What a share reads"):
/// a form and a text — a predicate's source, a dictionary rule's
/// ``DictionaryActivationRule/line`` (its JSON when it has ignored keys), an invalid
/// value's description.
struct KeptRule: Hashable {
    var form: String
    var text: String?

    init(form: String, text: String?) {
        self.form = form
        self.text = text
    }

    init(_ rule: ActivationRule) throws {
        switch rule {
        case .predicate(let predicate): self.init(form: "predicate", text: predicate.source)
        case .dictionary(let dictionary):
            self.init(form: "dictionary", text: try dictionary.line ?? String(decoding: JSONEncoder().encode(dictionary), as: UTF8.self))
        case .invalid(let what): self.init(form: "invalid", text: what)
        case .missing: self.init(form: "missing", text: nil)
        }
    }

    /// The rule, or `nil` when the form or text is not one this registry writes.
    var rule: ActivationRule? {
        switch (form, text) {
        case ("predicate", let source?): return .predicate(PredicateActivationRule(source: source))
        case ("dictionary", let text?):
            if let rule = DictionaryActivationRule(line: text) { return .dictionary(rule) }
            return (try? JSONDecoder().decode(DictionaryActivationRule.self, from: Data(text.utf8))).map { .dictionary($0) }
        case ("invalid", let what?): return .invalid(what)
        case ("missing", _): return .missing
        default: return nil
        }
    }
}
