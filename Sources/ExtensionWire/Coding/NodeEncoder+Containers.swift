import Foundation
import PropertyLists

// The three kinds of encoding container over a ``Slot``.

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
