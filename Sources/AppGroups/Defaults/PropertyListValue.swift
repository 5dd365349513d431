import Foundation
import PropertyLists

/// Converts between Foundation's property-list objects and the binary property lists the
/// stores keep.
enum PropertyListValue {
    /// `value` as a `bplist00` blob; a `URL` is stored as its absolute string, as
    /// ``SharedDefaults/url(forKey:)`` reads it back.
    static func encode(_ value: Any, key: String) throws(AppGroupError) -> Data {
        try node(value, key: key).binaryData(key: key)
    }

    /// `value` as a tree, checked to be a property list.
    static func node(_ value: Any, key: String) throws(AppGroupError) -> PropertyListNode {
        let object: Any = (value as? URL)?.absoluteString ?? value
        do {
            return try PropertyListNode(foundationObject: object)
        } catch {
            throw AppGroupError(.notAPropertyList, "the value for key '\(key)' (\(type(of: value))) is not a property list: \(error.message)")
        }
    }

    /// The object stored in `data`, or `nil` when the blob is not a property list.
    static func decode(_ data: Data) -> Any? {
        try? PropertyListDocument.parse(data, fileName: "value").root.foundationObject
    }
}

extension PropertyListNode {
    /// The tree as a binary property list, with errors in AppGroups terms.
    func binaryData(key: String) throws(AppGroupError) -> Data {
        do {
            return try binaryData()
        } catch {
            throw AppGroupError(.notAPropertyList, "the value for key '\(key)' cannot be written: \(error.message)")
        }
    }
}
