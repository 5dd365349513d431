import Foundation

/// swift-foundation `#Predicate` equivalents of the everyday cases, keyed by case name.
///
/// Cases without an entry cannot be written with `#Predicate` on Linux: it has no
/// case-insensitive or diacritic-insensitive comparison, no `LIKE`, no regular-expression
/// match, no `reduce` (for `@sum`) and no UTI conformance (every activation rule).
enum NativePredicates {
    /// The equivalents.
    static let all: [String: Predicate<BenchPerson>] = [
        "equality": #Predicate { $0.name == "Benson" },
        "begins-with-and": #Predicate { $0.name.starts(with: "Be") && $0.age > 30 },
        "any-equal": #Predicate { $0.tags.contains { $0 == "x" } },
        "between": #Predicate { $0.age >= 18 && $0.age <= 65 },
        "in-set": {
            let names = ["Ann", "Benson", "Cid"]
            return #Predicate { names.contains($0.name) }
        }(),
        "nested-key-path": #Predicate { $0.address.city == "Berlin" },
        "count": #Predicate { $0.tags.count >= 3 },
        "max": #Predicate { ($0.scores.max() ?? 0) == 27 },
        "index-first": #Predicate { ($0.items.first?.price ?? 0) > 3 },
        "any-key-path": #Predicate { $0.items.contains { $0.price > 5 } },
        "all": #Predicate { $0.scores.allSatisfy { $0 > 2 } },
        "arithmetic": #Predicate { $0.age * 2 + 1 > 60 },
        "nil": #Predicate { $0.nickname == nil },
        "not-any": #Predicate { !$0.tags.contains { $0 == "windows" } },
        "or-false": #Predicate { $0.age > 50 || $0.name == "Ann" },
        "parenthesized-or-and": #Predicate { ($0.age < 18 || $0.age > 40) && $0.name != "Ann" },
        "compound-5": #Predicate {
            $0.name.starts(with: "B") && $0.age >= 18 && $0.age < 65
                && $0.tags.contains { $0 == "swift" } && $0.address.city != "Paris"
        },
        "precedence-and-or": #Predicate { $0.age > 40 || ($0.name == "Ann" && $0.age < 18) },
        "some-equal": #Predicate { $0.tags.contains { $0 == "windows" } },
        "true-predicate": #Predicate { _ in true },
    ]

    /// The equivalent of `testCase`, with its object decoded, ready to evaluate; `nil` when
    /// there is none or the object is not a ``BenchPerson``.
    static func prepared(for testCase: PredicateCase) -> (predicate: Predicate<BenchPerson>, input: BenchPerson)? {
        guard let predicate = all[testCase.name],
              let input = try? JSONDecoder().decode(BenchPerson.self, from: testCase.objectJSON)
        else { return nil }
        return (predicate, input)
    }
}
