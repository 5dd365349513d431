import Foundation

extension PropertyListNode {
    /// The string, if this is a string.
    public var string: String? {
        if case .string(let value) = value { return value }
        return nil
    }

    /// The integer, if this is an integer.
    public var integer: Int64? {
        if case .integer(let value) = value { return value }
        return nil
    }

    /// The real number, if this is a real (integers are not converted).
    public var real: Double? {
        if case .real(let value) = value { return value }
        return nil
    }

    /// The boolean, if this is a boolean.
    public var boolean: Bool? {
        if case .boolean(let value) = value { return value }
        return nil
    }

    /// The date, if this is a date.
    public var date: Date? {
        if case .date(let value) = value { return value }
        return nil
    }

    /// The bytes, if this is data.
    public var data: Data? {
        if case .data(let value) = value { return value }
        return nil
    }

    /// The two's-complement bits of an integer (signed or above `Int64.max`), for readers
    /// that truncate as CoreFoundation does.
    var integerBits: UInt64? {
        switch value {
        case .integer(let value): UInt64(bitPattern: value)
        case .unsignedInteger(let value): value
        default: nil
        }
    }

    /// The elements, if this is an array.
    public var array: [PropertyListNode]? {
        if case .array(let value) = value { return value }
        return nil
    }

    /// The dictionary, if this is a dictionary.
    public var dictionary: PropertyListDictionary? {
        if case .dictionary(let value) = value { return value }
        return nil
    }

    /// The value's kind with an article, for messages: "a string", "an integer", "a real
    /// number", "a boolean", "a date", "data", "an array", "a dictionary".
    public var kindDescription: String {
        switch value {
        case .string: "a string"
        case .integer, .unsignedInteger: "an integer"
        case .uid: "a UID"
        case .real: "a real number"
        case .boolean: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        }
    }

    /// The value at a key path below this node, or `nil` when a step is missing or
    /// of the wrong kind (dictionary keys resolve to their first occurrence).
    public subscript(keyPath keyPath: PropertyListKeyPath) -> PropertyListNode? {
        var node = self
        for component in keyPath.components {
            switch component {
            case .key(let key):
                guard let next = node.dictionary?[key] else { return nil }
                node = next
            case .index(let index):
                guard let elements = node.array, elements.indices.contains(index) else { return nil }
                node = elements[index]
            }
        }
        return node
    }
}
