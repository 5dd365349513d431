import Foundation
import PredicateFormat

/// Appex's predicate API as the benchmarks call it, in one place.
enum OurPredicates {
    /// Parses a format string.
    @inline(__always)
    static func parse(_ format: String) throws -> FormatPredicate {
        try FormatPredicate(format: format)
    }

    /// Evaluates a parsed predicate against a value.
    @inline(__always)
    static func evaluate(_ predicate: FormatPredicate, with value: PredicateValue) throws -> Bool {
        try predicate.evaluate(with: value)
    }

    /// Compiles a parsed predicate for repeated evaluation.
    @inline(__always)
    static func compile(_ predicate: FormatPredicate) throws -> CompiledPredicate {
        try predicate.compiled()
    }

    /// Evaluates a compiled predicate against a value.
    @inline(__always)
    static func evaluate(_ predicate: CompiledPredicate, with value: PredicateValue) throws -> Bool {
        try predicate.evaluate(with: value)
    }

    /// Reads a case's object.
    static func value(json: Data) throws -> PredicateValue {
        try PredicateValue(json: json)
    }
}
