/// Reads a `bplist0x` binary property list, hardened against hostile input.
///
/// Every offset, length and reference is bounds-checked with overflow-safe arithmetic;
/// containers are decoded with an explicit stack (no recursion), so depth is bounded by
/// ``PropertyListLimits/maxDepth``; an object that contains itself, directly or through
/// others, is a cycle and an error; and because objects may be shared, every reference
/// decoded counts toward ``PropertyListLimits/maxObjectCount``, which bounds the work a
/// small file can cause. UIDs (from keyed archives) are read; sets, null and fill objects
/// are rejected with ``PropertyListError/Code/unsupportedObject``.
struct BinaryPropertyListReader {
    /// The trailer's fields, validated.
    struct Trailer {
        var offsetSize: Int
        var referenceSize: Int
        var objectCount: Int
        var topObject: Int
        var offsetTableOffset: Int
    }

    static let headerLength = 8
    static let trailerLength = 32

    let bytes: [UInt8]
    let fileName: String
    let limits: PropertyListLimits
    var trailer = Trailer(offsetSize: 1, referenceSize: 1, objectCount: 0, topObject: 0, offsetTableOffset: 0)

    init(bytes: [UInt8], fileName: String, limits: PropertyListLimits) {
        self.bytes = bytes
        self.fileName = fileName
        self.limits = limits
    }

    /// Reads the whole file and returns its top object.
    mutating func read() throws(PropertyListError) -> PropertyListNode {
        try readTrailer()
        let tree = try decodeTree()
        try checkUnreadOffsets()
        return tree
    }

    /// Checks every offset-table entry, as CoreFoundation does before it reads anything:
    /// one past the object area fails the file even when no reference reaches it. (The
    /// objects read were checked as they were reached, with their key paths.)
    private func checkUnreadOffsets() throws(PropertyListError) {
        for object in 0..<trailer.objectCount {
            let offset = unsigned(at: trailer.offsetTableOffset + object * trailer.offsetSize, size: trailer.offsetSize)
            guard offset < UInt64(trailer.offsetTableOffset) else {
                throw error(.invalidBinary, "object \(object) has offset \(offset), at or past the offset table (byte "
                            + "\(trailer.offsetTableOffset)); no reference reaches it, but CoreFoundation refuses the file", keyPath: nil)
            }
        }
    }

    /// Validates the header and trailer and the offset table's place.
    private mutating func readTrailer() throws(PropertyListError) {
        guard bytes.count >= Self.headerLength + Self.trailerLength + 1 else {
            throw error(.truncated, "a binary property list needs at least \(Self.headerLength + Self.trailerLength + 1) "
                        + "bytes; this one has \(bytes.count)", keyPath: nil)
        }
        let base = bytes.count - Self.trailerLength
        let offsetSize = Int(bytes[base + 6])
        let referenceSize = Int(bytes[base + 7])
        let objectCount = unsigned(at: base + 8, size: 8)
        let topObject = unsigned(at: base + 16, size: 8)
        let tableOffset = unsigned(at: base + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw error(.invalidBinary, "invalid trailer: offset size \(offsetSize) and reference size "
                        + "\(referenceSize) must be 1 to 8 bytes", keyPath: nil)
        }
        guard objectCount >= 1, objectCount <= UInt64(base) else {
            throw error(.invalidBinary, "invalid trailer: object count \(objectCount)", keyPath: nil)
        }
        guard objectCount <= UInt64(limits.maxObjectCount) else {
            throw error(.tooManyObjects, "\(objectCount) objects, more than \(limits.maxObjectCount) (the object limit)",
                        keyPath: nil)
        }
        guard topObject < objectCount else {
            throw error(.invalidBinary, "invalid trailer: top object \(topObject) is not below the object count "
                        + "\(objectCount)", keyPath: nil)
        }
        let tableLength = objectCount.multipliedReportingOverflow(by: UInt64(offsetSize))
        let tableEnd = tableOffset.addingReportingOverflow(tableLength.partialValue)
        guard tableOffset > UInt64(Self.headerLength), !tableLength.overflow, !tableEnd.overflow,
              tableEnd.partialValue <= UInt64(base) else {
            throw error(.invalidBinary, "invalid trailer: the offset table at byte \(tableOffset) with \(objectCount) "
                        + "entries of \(offsetSize) bytes does not fit between the header and the trailer", keyPath: nil)
        }
        // CoreFoundation's further checks (__CFBinaryPlistGetTopLevelInfo): what it refuses
        // does not read on iOS, so Appex refuses it too, saying which rule it breaks.
        guard tableEnd.partialValue == UInt64(base) else {
            throw error(.invalidBinary, "invalid trailer: \(UInt64(base) - tableEnd.partialValue) bytes lie between the offset "
                        + "table's end (byte \(tableEnd.partialValue)) and the trailer; CoreFoundation refuses a file whose "
                        + "offset table does not end where the trailer begins", keyPath: nil)
        }
        guard referenceSize == 8 || objectCount < UInt64(1) << (8 * referenceSize) else {
            throw error(.invalidBinary, "invalid trailer: references of \(referenceSize) byte\(referenceSize == 1 ? "" : "s") "
                        + "cannot name all \(objectCount) objects", keyPath: nil)
        }
        guard offsetSize == 8 || tableOffset < UInt64(1) << (8 * offsetSize) else {
            throw error(.invalidBinary, "invalid trailer: offsets of \(offsetSize) byte\(offsetSize == 1 ? "" : "s") cannot "
                        + "reach the offset table at byte \(tableOffset)", keyPath: nil)
        }
        trailer = Trailer(offsetSize: offsetSize, referenceSize: referenceSize, objectCount: Int(objectCount),
                          topObject: Int(topObject), offsetTableOffset: Int(tableOffset))
    }

    /// The big-endian unsigned integer of `size` bytes at `offset` (the caller checked bounds).
    func unsigned(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    /// The byte offset of object `object`, checked to lie in the object area.
    func offset(of object: Int, keyPath: @autoclosure () -> PropertyListKeyPath) throws(PropertyListError) -> Int {
        let entry = trailer.offsetTableOffset + object * trailer.offsetSize
        let offset = unsigned(at: entry, size: trailer.offsetSize)
        guard offset >= UInt64(Self.headerLength), offset < UInt64(trailer.offsetTableOffset) else {
            throw error(.invalidBinary, "object \(object) has offset \(offset), outside the object area "
                        + "(bytes \(Self.headerLength) to \(trailer.offsetTableOffset - 1))", keyPath: keyPath())
        }
        return Int(offset)
    }

    /// Object reference `index` of a container whose references start at `start`.
    func reference(at start: Int, index: Int, keyPath: @autoclosure () -> PropertyListKeyPath) throws(PropertyListError) -> Int {
        let value = unsigned(at: start + index * trailer.referenceSize, size: trailer.referenceSize)
        guard value < UInt64(trailer.objectCount) else {
            throw error(.invalidBinary, "object reference \(value) at byte \(start + index * trailer.referenceSize) "
                        + "is not below the object count \(trailer.objectCount)", keyPath: keyPath())
        }
        return Int(value)
    }

    func error(_ code: PropertyListError.Code, _ message: String, keyPath: PropertyListKeyPath?) -> PropertyListError {
        PropertyListError(code: code, message: message, fileName: fileName, keyPath: keyPath)
    }
}
