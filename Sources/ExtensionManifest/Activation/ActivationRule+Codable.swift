/// The registry keeps each installed extension's declaration (docs/REGISTRY.md, "What a
/// share reads"), so the rules code as what was written: a predicate as its source (parsed
/// again when decoded, its syntax error included), a dictionary as its keys.
extension ActivationRule: Codable {
    private enum CodingKeys: String, CodingKey {
        case predicate, dictionary, invalid
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let source = try container.decodeIfPresent(String.self, forKey: .predicate) {
            self = .predicate(PredicateActivationRule(source: source))
        } else if let rule = try container.decodeIfPresent(DictionaryActivationRule.self, forKey: .dictionary) {
            self = .dictionary(rule)
        } else if let what = try container.decodeIfPresent(String.self, forKey: .invalid) {
            self = .invalid(what)
        } else {
            self = .missing
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .predicate(let rule): try container.encode(rule.source, forKey: .predicate)
        case .dictionary(let rule): try container.encode(rule, forKey: .dictionary)
        case .invalid(let what): try container.encode(what, forKey: .invalid)
        case .missing: break
        }
    }
}
