import Foundation

extension PropertyListNode {
    /// The value as Foundation's property-list objects: `String`, `Int`, `Double`, `Bool`,
    /// `Date`, `Data`, `[Any]` and `[String: Any]`, as `PropertyListSerialization` takes
    /// and gives them. A key repeated in a dictionary keeps its **last** value, as Apple's
    /// parsers do (``PropertyListDictionary`` lookups find the first).
    public var foundationObject: Any {
        switch value {
        case .string(let string): return string
        case .integer(let integer): return Int(truncatingIfNeeded: integer)
        case .unsignedInteger(let integer): return NSNumber(value: integer)
        // Foundation has no public UID type; its value, as a dictionary CoreFoundation reads as one.
        case .uid(let uid): return ["CF$UID": Int(truncatingIfNeeded: uid)]
        case .real(let real): return real
        case .boolean(let flag): return flag
        case .date(let date): return date
        case .data(let data): return data
        case .array(let elements): return elements.map(\.foundationObject)
        case .dictionary(let dictionary):
            var result: [String: Any] = [:]
            for entry in dictionary.entries { result[entry.key] = entry.node.foundationObject }
            return result
        }
    }

    /// Converts Foundation's property-list objects (Swift or `NS` types) to a tree without
    /// positions. Dictionaries come out with their keys sorted, since Foundation's have no
    /// order. Booleans are told from numbers by type (`Bool`, or the `NSNumber` boolean
    /// singletons), reals by `objCType`. Throws `invalidValue` for anything else (a non-string
    /// key, `NSNull`), `tooDeep` past
    /// ``maxWritingDepth``.
    public init(foundationObject: Any) throws(PropertyListError) {
        self = try Self.converting(foundationObject, depth: 1)
    }

    private static func converting(_ object: Any, depth: Int) throws(PropertyListError) -> PropertyListNode {
        func failure(_ code: PropertyListError.Code, _ message: String) -> PropertyListError {
            PropertyListError(code: code, message: message, fileName: "")
        }
        guard depth <= maxWritingDepth else {
            throw failure(.tooDeep, "the object is nested deeper than \(maxWritingDepth) levels")
        }
        if let value = try scalarValue(object) { return PropertyListNode(value) }
        if let array = object as? [Any] {
            var elements: [PropertyListNode] = []
            elements.reserveCapacity(array.count)
            for element in array { elements.append(try converting(element, depth: depth + 1)) }
            return PropertyListNode(.array(elements))
        }
        if let dictionary = object as? [AnyHashable: Any] {
            var entries: [PropertyListDictionary.Entry] = []
            entries.reserveCapacity(dictionary.count)
            for (key, value) in dictionary {
                guard let key = key.base as? String else {
                    throw failure(.invalidValue, "dictionary key \(key) is not a string")
                }
                entries.append(.init(key: key, node: try converting(value, depth: depth + 1)))
            }
            entries.sort { $0.key < $1.key }
            return PropertyListNode(.dictionary(PropertyListDictionary(entries)))
        }
        throw failure(.invalidValue, "a value of type \(type(of: object)) has no property-list form")
    }

    /// The scalar value of `object`, `nil` when it is not a scalar.
    private static func scalarValue(_ object: Any) throws(PropertyListError) -> Value? {
        switch object {
        case let flag as Bool where type(of: object) == Bool.self: return .boolean(flag)
        case let string as String: return .string(string)
        case let date as Date: return .date(date)
        case let data as Data: return .data(data)
        case let integer as Int where type(of: object) == Int.self: return .integer(Int64(integer))
        case let real as Double where type(of: object) == Double.self: return .real(real)
        case let real as Float where type(of: object) == Float.self: return .real(Double(real))
        case let number as NSNumber: return try numberValue(number)
        case _ where String(describing: type(of: object)) == "_NSKeyedArchiverUID":
            // Foundation's UID type is not public; its value is its one stored integer.
            let value = Mirror(reflecting: object).children.first { $0.label == "value" }?.value
            guard let integer = value as? any BinaryInteger, let uid = UInt64(exactly: integer) else { return nil }
            return .uid(uid)
        case let integer as any BinaryInteger:
            if let value = Int64(exactly: integer) { return .integer(value) }
            guard let value = UInt64(exactly: integer) else {
                throw PropertyListError(code: .invalidValue, message: "integer \(integer) is out of range; "
                                        + "property-list integers go from \(Int64.min) to \(UInt64.max)", fileName: "")
            }
            return .unsignedInteger(value)
        default: return nil
        }
    }

    private static func numberValue(_ number: NSNumber) throws(PropertyListError) -> Value {
        if number === NSNumber(value: true) { return .boolean(true) }
        if number === NSNumber(value: false) { return .boolean(false) }
        switch String(cString: number.objCType) {
        case "d", "f":
            return .real(number.doubleValue)
        case "Q", "L", "I", "S", "C":
            let value = number.uint64Value
            return value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
        default:
            return .integer(number.int64Value)
        }
    }
}
