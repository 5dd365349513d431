import Foundation

/// Objects: markers, lengths and the container walk.
extension BinaryPropertyListReader {
    /// An array or dictionary being decoded.
    struct Frame {
        var object: Int
        var isDictionary: Bool
        /// Where the value references start (for a dictionary, after the key references).
        var referencesStart: Int
        var count: Int
        var keys: [String] = []
        var elements: [PropertyListNode] = []
        /// The index of the child being decoded.
        var next = 0
    }

    /// An object's marker, its length field, and where its content starts.
    struct Header {
        var offset: Int
        var marker: UInt8
        var count: Int
        var contentStart: Int
        var kind: UInt8 { marker >> 4 }
        var info: UInt8 { marker & 0x0F }
    }

    /// Decodes the top object and everything it references, without recursion.
    mutating func decodeTree() throws(PropertyListError) -> PropertyListNode {
        var onPath = [Bool](repeating: false, count: trailer.objectCount)
        var frames: [Frame] = []
        var decoded = 0
        var result: PropertyListNode?

        func path(_ frames: [Frame]) -> PropertyListKeyPath {
            PropertyListKeyPath(frames.map { frame in
                frame.isDictionary && frame.next < frame.keys.count ? .key(frame.keys[frame.next]) : .index(frame.next)
            })
        }

        /// Starts `object`: returns it when it is a scalar, pushes a frame when a container.
        func begin(_ object: Int) throws(PropertyListError) -> PropertyListNode? {
            func keyPath() -> PropertyListKeyPath { path(frames) }
            decoded += 1
            guard decoded <= limits.maxObjectCount else {
                throw error(.tooManyObjects, "more than \(limits.maxObjectCount) objects decoded (the object limit; "
                            + "shared objects count each time they are referenced)", keyPath: keyPath())
            }
            guard !onPath[object] else {
                throw error(.invalidBinary, "reference cycle: object \(object) contains itself", keyPath: keyPath())
            }
            let header = try readHeader(of: object, keyPath: keyPath())
            switch header.kind {
            case 0xA, 0xD:
                let isDictionary = header.kind == 0xD
                let references = try range(start: header.contentStart, count: header.count,
                                           elementSize: trailer.referenceSize * (isDictionary ? 2 : 1),
                                           header: header, keyPath: keyPath())
                guard frames.count < limits.maxDepth else {
                    throw error(.tooDeep, "nesting deeper than \(limits.maxDepth) levels (the depth limit), at byte "
                                + "\(header.offset)", keyPath: keyPath())
                }
                var frame = Frame(object: object, isDictionary: isDictionary, referencesStart: references.lowerBound,
                                  count: header.count)
                if isDictionary {
                    frame.referencesStart += header.count * trailer.referenceSize
                    frame.keys.reserveCapacity(header.count)
                    for index in 0..<header.count {
                        decoded += 1
                        guard decoded <= limits.maxObjectCount else {
                            throw error(.tooManyObjects, "more than \(limits.maxObjectCount) objects decoded "
                                        + "(the object limit)", keyPath: keyPath())
                        }
                        let keyObject = try reference(at: references.lowerBound, index: index, keyPath: keyPath())
                        let keyHeader = try readHeader(of: keyObject, keyPath: keyPath())
                        guard keyHeader.kind == 0x5 || keyHeader.kind == 0x6,
                              case .string(let key) = try scalar(keyHeader, keyPath: keyPath()) else {
                            throw error(.invalidBinary, "key \(index) of the dictionary at byte \(header.offset) "
                                        + "is not a string", keyPath: keyPath())
                        }
                        frame.keys.append(key)
                    }
                } else {
                    frame.elements.reserveCapacity(header.count)
                }
                onPath[object] = true
                frames.append(frame)
                return nil
            default:
                return PropertyListNode(try scalar(header, keyPath: keyPath()))
            }
        }

        func deliver(_ node: PropertyListNode) {
            guard !frames.isEmpty else {
                result = node
                return
            }
            frames[frames.count - 1].elements.append(node)
            frames[frames.count - 1].next += 1
        }

        if let node = try begin(trailer.topObject) { deliver(node) }
        while result == nil, let top = frames.last {
            if top.next < top.count {
                let object = try reference(at: top.referencesStart, index: top.next, keyPath: path(frames))
                if let node = try begin(object) { deliver(node) }
            } else {
                frames.removeLast()
                onPath[top.object] = false
                if top.isDictionary {
                    let entries = zip(top.keys, top.elements).map { PropertyListDictionary.Entry(key: $0, node: $1) }
                    deliver(PropertyListNode(.dictionary(PropertyListDictionary(entries))))
                } else {
                    deliver(PropertyListNode(.array(top.elements)))
                }
            }
        }
        guard let result else {
            throw error(.invalidBinary, "the top object could not be decoded", keyPath: nil)
        }
        return result
    }

    /// Reads the marker and length of `object`.
    func readHeader(of object: Int, keyPath: @autoclosure () -> PropertyListKeyPath) throws(PropertyListError) -> Header {
        let offset = try offset(of: object, keyPath: keyPath())
        let marker = bytes[offset]
        var header = Header(offset: offset, marker: marker, count: Int(marker & 0x0F), contentStart: offset + 1)
        guard [0x4, 0x5, 0x6, 0xA, 0xB, 0xC, 0xD].contains(header.kind), header.info == 0x0F else { return header }
        let lengthMarkerOffset = offset + 1
        guard lengthMarkerOffset < trailer.offsetTableOffset else {
            throw error(.truncated, "the length of the object at byte \(offset) runs into the offset table",
                        keyPath: keyPath())
        }
        let lengthMarker = bytes[lengthMarkerOffset]
        guard lengthMarker >> 4 == 0x1, lengthMarker & 0x0F <= 3 else {
            throw error(.invalidBinary, "the object at byte \(offset) has an invalid length marker "
                        + "0x\(String(lengthMarker, radix: 16))", keyPath: keyPath())
        }
        let size = 1 << Int(lengthMarker & 0x0F)
        guard lengthMarkerOffset + 1 + size <= trailer.offsetTableOffset else {
            throw error(.truncated, "the length of the object at byte \(offset) runs into the offset table",
                        keyPath: keyPath())
        }
        let count = unsigned(at: lengthMarkerOffset + 1, size: size)
        guard count <= UInt64(trailer.offsetTableOffset) else {
            throw error(.invalidBinary, "the object at byte \(offset) claims \(count) elements, more than the file holds",
                        keyPath: keyPath())
        }
        header.count = Int(count)
        header.contentStart = lengthMarkerOffset + 1 + size
        return header
    }

    /// The byte range of `count` elements of `elementSize` bytes from `start`, checked to end
    /// before the offset table.
    func range(start: Int, count: Int, elementSize: Int, header: Header,
               keyPath: @autoclosure () -> PropertyListKeyPath) throws(PropertyListError) -> Range<Int> {
        let length = count.multipliedReportingOverflow(by: elementSize)
        let end = start.addingReportingOverflow(length.partialValue)
        guard !length.overflow, !end.overflow, end.partialValue <= trailer.offsetTableOffset else {
            throw error(.truncated, "the object at byte \(header.offset) (marker 0x\(String(header.marker, radix: 16)), "
                        + "\(count) elements) runs past the object area", keyPath: keyPath())
        }
        return start..<end.partialValue
    }
}
