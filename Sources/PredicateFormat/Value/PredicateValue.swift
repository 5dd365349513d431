import Foundation

/// The dynamic value a predicate is evaluated against and computes with.
///
/// JSON and property lists convert into it directly: `null`, booleans, integers, doubles,
/// strings, dates, data, arrays and dictionaries.
public enum PredicateValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    case date(Date)
    case data(Data)
    case array([PredicateValue])
    case dictionary([String: PredicateValue])
}
