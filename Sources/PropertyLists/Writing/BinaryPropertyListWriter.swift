import Foundation

extension PropertyListNode {
    /// The deepest tree the writers accept; deeper trees fail with `tooDeep`.
    public static let maxWritingDepth = 512

    /// This tree as a `bplist00` binary property list, which Foundation's
    /// `PropertyListSerialization` reads back to equal objects. Equal strings are stored
    /// once. A key repeated in a dictionary is written once, with its last value, as
    /// ``withDuplicateKeysResolved`` gives it: that is what Apple's XML parser reads, and a
    /// binary dictionary cannot repeat a key (CoreFoundation would keep the first). Throws
    /// `tooDeep` for trees deeper than ``maxWritingDepth``.
    public func binaryData() throws(PropertyListError) -> Data {
        var writer = BinaryPropertyListWriter()
        _ = try writer.add(withDuplicateKeysResolved, depth: 1)
        return writer.encoded()
    }
}

/// Flattens a tree into the object table of a binary property list, then encodes it.
struct BinaryPropertyListWriter {
    enum Object {
        case scalar(PropertyListNode.Value)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    private var objects: [Object] = []
    private var strings: [String: Int] = [:]

    /// Adds `node` and everything below it; returns its object index.
    mutating func add(_ node: PropertyListNode, depth: Int) throws(PropertyListError) -> Int {
        switch node.value {
        case .string(let string):
            return addString(string)
        case .array(let elements):
            let index = try reserve(depth: depth)
            var references: [Int] = []
            references.reserveCapacity(elements.count)
            for element in elements { references.append(try add(element, depth: depth + 1)) }
            objects[index] = .array(references)
            return index
        case .dictionary(let dictionary):
            let index = try reserve(depth: depth)
            let keys = dictionary.entries.map { addString($0.key) }
            var values: [Int] = []
            values.reserveCapacity(dictionary.count)
            for entry in dictionary.entries { values.append(try add(entry.node, depth: depth + 1)) }
            objects[index] = .dictionary(keys: keys, values: values)
            return index
        default:
            objects.append(.scalar(node.value))
            return objects.count - 1
        }
    }

    private mutating func reserve(depth: Int) throws(PropertyListError) -> Int {
        guard depth <= PropertyListNode.maxWritingDepth else {
            throw PropertyListError(code: .tooDeep, message: "cannot write a tree deeper than "
                                    + "\(PropertyListNode.maxWritingDepth) levels", fileName: "")
        }
        objects.append(.array([]))
        return objects.count - 1
    }

    private mutating func addString(_ string: String) -> Int {
        if let index = strings[string] { return index }
        objects.append(.scalar(.string(string)))
        strings[string] = objects.count - 1
        return objects.count - 1
    }

    /// The bytes needed to hold `value` big-endian: 1, 2, 4 or 8.
    private static func size(for value: Int) -> Int {
        switch value {
        case ..<0x100: 1
        case ..<0x1_0000: 2
        case ..<0x1_0000_0000: 4
        default: 8
        }
    }

    /// The header, object table, offset table and trailer.
    func encoded() -> Data {
        let referenceSize = Self.size(for: objects.count)
        var output = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(output.count)
            switch object {
            case .scalar(let value):
                Self.append(value, to: &output)
            case .array(let references):
                Self.appendHeader(0xA, count: references.count, to: &output)
                for reference in references { Self.append(UInt64(reference), size: referenceSize, to: &output) }
            case .dictionary(let keys, let values):
                Self.appendHeader(0xD, count: keys.count, to: &output)
                for reference in keys + values { Self.append(UInt64(reference), size: referenceSize, to: &output) }
            }
        }
        let tableOffset = output.count
        // Wide enough to reach the table itself, as CoreFoundation requires of a file it reads
        // (sized by the last object's offset, a last object before byte 256 and a table after
        // it gave a file iOS refuses).
        let offsetSize = Self.size(for: tableOffset)
        for offset in offsets { Self.append(UInt64(offset), size: offsetSize, to: &output) }
        output.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
        Self.append(UInt64(objects.count), size: 8, to: &output)
        Self.append(0, size: 8, to: &output)
        Self.append(UInt64(tableOffset), size: 8, to: &output)
        return Data(output)
    }

    private static func append(_ value: UInt64, size: Int, to output: inout [UInt8]) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
            output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    private static func appendInteger(_ value: Int64, to output: inout [UInt8]) {
        let size = value < 0 ? 8 : Self.size(for: Int(value))
        output.append(0x10 | UInt8(size.trailingZeroBitCount))
        append(UInt64(bitPattern: value), size: size, to: &output)
    }

    private static func appendHeader(_ kind: UInt8, count: Int, to output: inout [UInt8]) {
        if count < 15 {
            output.append(kind << 4 | UInt8(count))
        } else {
            output.append(kind << 4 | 0x0F)
            appendInteger(Int64(count), to: &output)
        }
    }

    private static func append(_ value: PropertyListNode.Value, to output: inout [UInt8]) {
        switch value {
        case .boolean(let flag):
            output.append(flag ? 0x09 : 0x08)
        case .integer(let integer):
            appendInteger(integer, to: &output)
        case .unsignedInteger(let integer):
            // 16 bytes, big-endian, the high half zero: how CoreFoundation stores integers above Int64.max.
            output.append(0x14)
            append(0, size: 8, to: &output)
            append(integer, size: 8, to: &output)
        case .uid(let uid):
            let size = uid <= 0xFF ? 1 : uid <= 0xFFFF ? 2 : uid <= 0xFFFF_FFFF ? 4 : 8
            output.append(0x80 | UInt8(size - 1))
            append(uid, size: size, to: &output)
        case .real(let real):
            output.append(0x23)
            append(real.bitPattern, size: 8, to: &output)
        case .date(let date):
            output.append(0x33)
            append(date.timeIntervalSinceReferenceDate.bitPattern, size: 8, to: &output)
        case .data(let data):
            appendHeader(0x4, count: data.count, to: &output)
            output.append(contentsOf: data)
        case .string(let string):
            if string.utf8.allSatisfy({ $0 < 0x80 }) {
                appendHeader(0x5, count: string.utf8.count, to: &output)
                output.append(contentsOf: string.utf8)
            } else {
                let units = Array(string.utf16)
                appendHeader(0x6, count: units.count, to: &output)
                for unit in units { append(UInt64(unit), size: 2, to: &output) }
            }
        case .array, .dictionary:
            break  // Containers are objects of their own; never passed here.
        }
    }
}
