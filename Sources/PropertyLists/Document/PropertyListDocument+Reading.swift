import Foundation

extension PropertyListDocument {
    /// Reads the property list at `url`, checking its size against
    /// ``PropertyListLimits/maxFileSize`` before reading it. The error messages name the
    /// file by its last path component.
    public static func read(contentsOf url: URL,
                            limits: PropertyListLimits = .default) throws(PropertyListError) -> PropertyListDocument {
        let fileName = url.lastPathComponent
        func failure(_ code: PropertyListError.Code, _ message: String) -> PropertyListError {
            PropertyListError(code: code, message: message, fileName: fileName)
        }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            throw failure(.unreadableFile, "cannot read \(url.path): no such file, or no permission")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw failure(.unreadableFile, "cannot read \(url.path): not a regular file")
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        guard size <= Int64(limits.maxFileSize) else {
            throw failure(.tooLarge, "the file is \(size) bytes, larger than \(limits.maxFileSize) (the size limit)")
        }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: limits.maxFileSize + 1) ?? Data()
        } catch {
            throw failure(.unreadableFile, "cannot read \(url.path): \(error.localizedDescription)")
        }
        return try parse(data, fileName: fileName, limits: limits)
    }

    /// Reads a property list from bytes: binary when they start with `bplist00`, otherwise
    /// XML (UTF-8, with or without a byte-order mark, or UTF-16 with a byte-order mark or a
    /// leading `<`; positions in a UTF-16 file are those of its UTF-8 transcoding).
    ///
    /// Where Appex is stricter than CoreFoundation: integers must fit in `Int64`,
    /// `<data>` may hold only base64 and whitespace, `<key>` may appear only in a `<dict>`,
    /// and XML encodings other than UTF-8 and UTF-16 are refused.
    public static func parse(_ data: Data, fileName: String,
                             limits: PropertyListLimits = .default) throws(PropertyListError) -> PropertyListDocument {
        guard data.count <= limits.maxFileSize else {
            throw PropertyListError(code: .tooLarge, message: "the file is \(data.count) bytes, larger than "
                                    + "\(limits.maxFileSize) (the size limit)", fileName: fileName)
        }
        let bytes = [UInt8](data)
        switch try PropertyListSniffer.sniff(bytes, fileName: fileName) {
        case .binary:
            var reader = BinaryPropertyListReader(bytes: bytes, fileName: fileName, limits: limits)
            return PropertyListDocument(root: try reader.read(), format: .binary, fileName: fileName, source: nil)
        case .xml(let utf8):
            var parser = XMLPropertyListParser(bytes: utf8, fileName: fileName, limits: limits)
            let root = try parser.parse()
            return PropertyListDocument(root: root, format: .xml, fileName: fileName, source: SourceText(bytes: utf8))
        }
    }
}
