import Foundation
import PropertyLists

/// Encodes a message into a property-list tree, which PropertyLists' writer turns into a
/// binary property list.
///
/// Foundation's `PropertyListEncoder` costs an extension process 0.75 ms on its first use,
/// on the critical path of every share (docs/BENCHMARKS.md); this encoder builds the tree
/// directly. Dates and data are property-list dates and data; `nil` optionals are left out.
package struct PropertyListNodeEncoder {
    package init() {}

    /// The tree of `value`.
    package func encode<T: Encodable>(_ value: T) throws -> PropertyListNode {
        let slot = Slot()
        try NodeEncoder(slot: slot, codingPath: []).encodeValue(value)
        return try slot.node(at: [])
    }
}

/// One value being encoded: empty until a container or a scalar fills it.
final class Slot {
    enum Content {
        case empty
        case scalar(PropertyListNode)
        case dictionary([(String, Slot)])
        case array([Slot])
    }

    var content: Content = .empty

    func node(at path: [any CodingKey]) throws -> PropertyListNode {
        switch content {
        case .empty:
            throw EncodingError.invalidValue((), .init(codingPath: path, debugDescription: "nothing was encoded"))
        case .scalar(let node):
            return node
        case .dictionary(let entries):
            return PropertyListNode(.dictionary(PropertyListDictionary(try entries.map { key, slot in
                PropertyListDictionary.Entry(key: key, node: try slot.node(at: path + [WireCodingKey(key)]))
            })))
        case .array(let items):
            return PropertyListNode(.array(try items.enumerated().map { index, slot in try slot.node(at: path + [WireCodingKey(index)]) }))
        }
    }
}

/// A key made from a string or an index.
struct WireCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init(_ index: Int) { stringValue = "Index \(index)"; intValue = index }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.init(intValue) }
}

struct NodeEncoder: Encoder {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Encodes `value`, writing dates and data as themselves.
    func encodeValue(_ value: some Encodable) throws {
        switch value {
        case let date as Date: slot.content = .scalar(PropertyListNode(.date(date)))
        case let data as Data: slot.content = .scalar(PropertyListNode(.data(data)))
        default: try value.encode(to: self)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .dictionary = slot.content {} else { slot.content = .dictionary([]) }
        return KeyedEncodingContainer(KeyedNodeEncoder<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = slot.content {} else { slot.content = .array([]) }
        return UnkeyedNodeEncoder(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleNodeEncoder(slot: slot, codingPath: codingPath) }
}

struct KeyedNodeEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    let codingPath: [any CodingKey]

    private func child(_ key: Key) -> Slot { child(named: key.stringValue) }

    private func child(named name: String) -> Slot {
        let child = Slot()
        if case .dictionary(var entries) = slot.content {
            entries.append((name, child))
            slot.content = .dictionary(entries)
        }
        return child
    }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { child(key).content = .scalar(PropertyListNode(.boolean(value))) }
    mutating func encode(_ value: String, forKey key: Key) throws { child(key).content = .scalar(PropertyListNode(.string(value))) }
    mutating func encode(_ value: Double, forKey key: Key) throws { child(key).content = .scalar(PropertyListNode(.real(value))) }
    mutating func encode(_ value: Float, forKey key: Key) throws { child(key).content = .scalar(PropertyListNode(.real(Double(value)))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { child(key).content = .scalar(PropertyListNode(.integer(Int64(value)))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { child(key).content = .scalar(PropertyListNode(.integer(Int64(value)))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { child(key).content = .scalar(PropertyListNode(.integer(value))) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try NodeEncoder(slot: child(key), codingPath: codingPath + [key]).encodeValue(value)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(slot: child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(slot: child(key), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { NodeEncoder(slot: child(named: "super"), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { NodeEncoder(slot: child(key), codingPath: codingPath + [key]) }
}

struct UnkeyedNodeEncoder: UnkeyedEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]
    var count: Int {
        if case .array(let items) = slot.content { return items.count }
        return 0
    }

    private func child() -> Slot {
        let child = Slot()
        if case .array(var items) = slot.content {
            items.append(child)
            slot.content = .array(items)
        }
        return child
    }

    mutating func encodeNil() throws {
        throw EncodingError.invalidValue(Optional<Int>.none as Any, .init(codingPath: codingPath, debugDescription: "property lists have no null"))
    }
    mutating func encode(_ value: Bool) throws { child().content = .scalar(PropertyListNode(.boolean(value))) }
    mutating func encode(_ value: String) throws { child().content = .scalar(PropertyListNode(.string(value))) }
    mutating func encode(_ value: Double) throws { child().content = .scalar(PropertyListNode(.real(value))) }
    mutating func encode(_ value: Int) throws { child().content = .scalar(PropertyListNode(.integer(Int64(value)))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try NodeEncoder(slot: child(), codingPath: codingPath + [WireCodingKey(count)]).encodeValue(value)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(slot: child(), codingPath: codingPath).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { NodeEncoder(slot: child(), codingPath: codingPath).unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { NodeEncoder(slot: child(), codingPath: codingPath) }
}

struct SingleNodeEncoder: SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        throw EncodingError.invalidValue(Optional<Int>.none as Any, .init(codingPath: codingPath, debugDescription: "property lists have no null"))
    }
    mutating func encode(_ value: Bool) throws { slot.content = .scalar(PropertyListNode(.boolean(value))) }
    mutating func encode(_ value: String) throws { slot.content = .scalar(PropertyListNode(.string(value))) }
    mutating func encode(_ value: Double) throws { slot.content = .scalar(PropertyListNode(.real(value))) }
    mutating func encode(_ value: Float) throws { slot.content = .scalar(PropertyListNode(.real(Double(value)))) }
    mutating func encode(_ value: Int) throws { slot.content = .scalar(PropertyListNode(.integer(Int64(value)))) }
    mutating func encode(_ value: Int32) throws { slot.content = .scalar(PropertyListNode(.integer(Int64(value)))) }
    mutating func encode(_ value: Int64) throws { slot.content = .scalar(PropertyListNode(.integer(value))) }
    mutating func encode(_ value: UInt64) throws {
        guard let signed = Int64(exactly: value) else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "\(value) does not fit a property-list integer"))
        }
        slot.content = .scalar(PropertyListNode(.integer(signed)))
    }
    mutating func encode<T: Encodable>(_ value: T) throws { try NodeEncoder(slot: slot, codingPath: codingPath).encodeValue(value) }
}
