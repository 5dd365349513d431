extension XMLPropertyListParser {
    /// The key path of what is being read: the innermost dictionary's pending key, and the
    /// next index of an array when `readingElement` (an element is being read in it).
    func keyPath(readingElement: Bool) -> PropertyListKeyPath {
        var components: [PropertyListKeyPath.Component] = []
        for (position, frame) in stack.enumerated() {
            switch frame.kind {
            case .plist:
                continue
            case .dict:
                if let pending = frame.pendingKey { components.append(.key(pending.key)) }
            case .array:
                if readingElement || position < stack.count - 1 { components.append(.index(frame.elements.count)) }
            }
        }
        return PropertyListKeyPath(components)
    }

    /// An error at byte `offset`, with the key path of the value being read.
    mutating func error(_ code: PropertyListError.Code, _ message: String, at offset: Int) -> PropertyListError {
        error(code, message, at: offset, keyPath: keyPath(readingElement: true))
    }

    /// An error at byte `offset` with an explicit key path (`nil` for document-level errors).
    mutating func error(_ code: PropertyListError.Code, _ message: String, at offset: Int,
                        keyPath: PropertyListKeyPath?) -> PropertyListError {
        let position = tracker.position(at: offset)
        let line = SourceText(bytes: bytes).lineContaining(offset: position.offset)
        return PropertyListError(code: code, message: message, fileName: fileName, position: position,
                                 keyPath: keyPath, sourceLine: line)
    }
}
