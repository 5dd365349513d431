import Foundation

/// One value of a property list, with the place in the file where it was read.
///
/// The synthesized `==` compares positions too; use ``isEqualIgnoringPositions(_:)`` or
/// ``withoutPositions`` to compare contents only.
public struct PropertyListNode: Hashable, Sendable {
    /// The value itself: one of the eight property-list types.
    public enum Value: Hashable, Sendable {
        /// `<string>`; in binary, an ASCII or UTF-16 string.
        case string(String)
        /// `<integer>`, a signed 64-bit integer.
        case integer(Int64)
        /// `<integer>` above `Int64.max`, up to `UInt64.max`: Foundation reads these (as an
        /// unsigned `NSNumber`), and a binary list stores them in 16 bytes.
        case unsignedInteger(UInt64)
        /// A binary list's UID object (`NSKeyedArchiver` archives), or an XML
        /// `<dict><key>CF$UID</key><integer>…</integer></dict>`, which CoreFoundation reads as one.
        case uid(UInt64)
        /// `<real>`, a double.
        case real(Double)
        /// `<true/>` or `<false/>`.
        case boolean(Bool)
        /// `<date>`, an instant (second precision in XML).
        case date(Date)
        /// `<data>`, bytes (base64 in XML).
        case data(Data)
        /// `<array>`, an ordered list of values.
        case array([PropertyListNode])
        /// `<dict>`, string keys to values, in file order.
        case dictionary(PropertyListDictionary)
    }

    /// The value.
    public var value: Value
    /// Where the value's element starts (the `<` of its opening tag) in an XML file;
    /// `nil` for values read from binary files or built in code.
    public var position: SourcePosition?

    /// Creates a node from a value and, optionally, where it was read.
    public init(_ value: Value, position: SourcePosition? = nil) {
        self.value = value
        self.position = position
    }
}
