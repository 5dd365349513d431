import Foundation

extension PredicateValue {
    /// The deepest nesting of arrays and dictionaries a converted value may have.
    public static let maximumConversionDepth = 512

    /// Converts a Foundation object graph (from `JSONSerialization`,
    /// `PropertyListSerialization`, or built by hand) into a value.
    ///
    /// Accepts `nil`/`NSNull`, `Bool`, integers, floating-point numbers, `NSNumber`
    /// (booleans stay `.bool`, integral numbers stay `.integer`), `String`, `Date`, `Data`,
    /// `URL` (as its absolute string), arrays and string-keyed dictionaries.
    /// - Throws: `.invalidData` for a value of another type or a non-string dictionary key,
    ///   `.tooDeep` when nesting exceeds ``maximumConversionDepth``.
    public init(any object: Any?) throws(PredicateEvaluationError) {
        self = try Self.convert(object, depth: 0)
    }

    private static func convert(_ object: Any?, depth: Int) throws(PredicateEvaluationError) -> PredicateValue {
        guard let object else { return .null }
        if depth > maximumConversionDepth {
            throw PredicateEvaluationError(.tooDeep,
                "value is nested deeper than \(maximumConversionDepth) arrays or dictionaries")
        }
        // Foundation numbers first, by their dynamic class: bridging would let an NSNumber
        // boolean pass as an Int (and an NSNumber 1 as a Bool).
        if type(of: object) is NSNumber.Type, let n = object as? NSNumber { return number(n) }
        switch object {
        case let v as PredicateValue: return v
        case is NSNull: return .null
        case let v as Bool where type(of: object) == Bool.self: return .bool(v)
        case let v as String: return .string(native(v))
        case let v as Int: return .integer(v)
        case let v as Double: return .double(v)
        case let v as any BinaryInteger:
            if let i = Int(exactly: v) { return .integer(i) }
            return .double(Double(v))
        case let v as any BinaryFloatingPoint: return .double(Double(v))
        case let v as Date: return .date(v)
        case let v as Data: return .data(v)
        case let v as URL: return .string(v.absoluteString)
        case let v as [Any]:
            var out: [PredicateValue] = []
            out.reserveCapacity(v.count)
            for e in v { out.append(try convert(e, depth: depth + 1)) }
            return .array(out)
        case let v as [String: Any]:
            var out: [String: PredicateValue] = [:]
            out.reserveCapacity(v.count)
            for (k, e) in v { out[native(k)] = try convert(e, depth: depth + 1) }
            return .dictionary(out)
        case let v as NSArray:
            return try convert(v.map { $0 }, depth: depth)
        case let v as NSDictionary:
            var out: [String: PredicateValue] = [:]
            for (k, e) in v {
                guard let key = k as? String else {
                    throw PredicateEvaluationError(.invalidData,
                        "dictionary key \(k) is a \(type(of: k)); expected a string")
                }
                out[native(key)] = try convert(e, depth: depth + 1)
            }
            return .dictionary(out)
        default:
            throw PredicateEvaluationError(.invalidData,
                "\(object) is a \(type(of: object)); expected null, a boolean, number, string, date, data, array or dictionary")
        }
    }

    /// A native Swift copy of a (possibly bridged) string: small strings become inline and
    /// ASCII strings are flagged as such, so later hashing and comparison take the fast paths.
    private static func native(_ s: String) -> String {
        String(decoding: Array(s.utf8), as: UTF8.self)
    }

    /// An `NSNumber` as a boolean, integer or double, by its Objective-C type code.
    private static func number(_ n: NSNumber) -> PredicateValue {
        let code = n.objCType.pointee
        switch UInt8(bitPattern: code) {
        case UInt8(ascii: "c"), UInt8(ascii: "B"):
            // JSON and plist booleans are char-typed; a genuine char that is not 0/1 stays a number.
            let i = n.intValue
            return i == 0 || i == 1 ? .bool(i == 1) : .integer(i)
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            return .double(n.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"):
            let u = n.uint64Value
            return u <= UInt64(Int.max) ? .integer(Int(u)) : .double(Double(u))
        default:
            return .integer(n.intValue)
        }
    }
}
