import Foundation
import PredicateFormat
import TypeIdentifiers

/// An activation rule written as a predicate format string.
///
/// The string is parsed once; a syntax error is kept (with its position) instead of
/// thrown, so that lint and explanations can report it. The predicate is evaluated
/// against exactly the object docs/ACTIVATION.md gives (ruling 15):
/// `{ extensionItems: [ { attachments: [ { registeredTypeIdentifiers: [String] } ] } ] }`.
public struct PredicateActivationRule: Hashable, Sendable {
    /// The predicate as written in the Info.plist.
    public var source: String
    /// The parsed predicate, or `nil` when ``syntaxError`` is set.
    public var predicate: FormatPredicate?
    /// Why the source does not parse.
    public var syntaxError: PredicateSyntaxError?

    /// Parses a rule.
    public init(source: String) {
        self.source = source
        do {
            predicate = try FormatPredicate(format: source)
            syntaxError = nil
        } catch {
            predicate = nil
            syntaxError = error
        }
    }

    /// Whether the rule is `TRUEPREDICATE` or contains it.
    public var containsTruePredicate: Bool {
        source.range(of: "TRUEPREDICATE", options: .caseInsensitive) != nil
    }

    /// The object a predicate rule sees for a payload, and nothing else.
    public static func object(for payload: ActivationPayload) -> PredicateValue {
        .dictionary(["extensionItems": .array(payload.items.map { item in
            .dictionary(["attachments": .array(item.attachments.map { attachment in
                .dictionary(["registeredTypeIdentifiers": .array(attachment.registeredTypeIdentifiers.map { .string($0) })])
            })])
        })])
    }
}
