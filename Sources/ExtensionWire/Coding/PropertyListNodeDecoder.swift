import Foundation
import PropertyLists

/// Decodes a message from the property-list tree that PropertyLists' reader already made
/// (and checked, with its limits), so a frame is parsed once, by Appex's own reader.
///
/// A value of the wrong type is a `DecodingError` naming the key path, never a crash: the
/// tree comes from another process.
package struct PropertyListNodeDecoder {
    package init() {}

    /// `T` from `node`.
    package func decode<T: Decodable>(_ type: T.Type, from node: PropertyListNode) throws -> T {
        try NodeDecoder(node: node, codingPath: []).decodeValue(type)
    }
}

struct NodeDecoder: Decoder {
    let node: PropertyListNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Decodes `type`, reading dates and data as themselves.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if type == Date.self {
            guard case .date(let date) = node.value else { throw mismatch(type) }
            return try cast(date)
        }
        if type == Data.self {
            guard case .data(let data) = node.value else { throw mismatch(type) }
            return try cast(data)
        }
        return try T(from: self)
    }

    private func cast<T>(_ value: Any) throws -> T {
        guard let value = value as? T else { throw mismatch(T.self) }
        return value
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(type), found \(node.kindDescription)"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .dictionary(let dictionary) = node.value else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(KeyedNodeDecoder<Key>(dictionary: dictionary, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = node.value else { throw mismatch([Any].self) }
        return UnkeyedNodeDecoder(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
}

extension NodeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .boolean(let value) = node.value else { throw mismatch(type) }
        return value
    }
    func decode(_ type: String.Type) throws -> String {
        guard case .string(let value) = node.value else { throw mismatch(type) }
        return value
    }
    func decode(_ type: Double.Type) throws -> Double {
        switch node.value {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: throw mismatch(type)
        }
    }
    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    /// An integer of `type`, or an error when the value is not one or does not fit.
    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let exact: T?
        switch node.value {
        case .integer(let value): exact = T(exactly: value)
        case .unsignedInteger(let value): exact = T(exactly: value)
        default: throw mismatch(type)
        }
        guard let exact else {
            let value = node.value
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(value) does not fit \(type)"))
        }
        return exact
    }
}
