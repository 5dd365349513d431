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
