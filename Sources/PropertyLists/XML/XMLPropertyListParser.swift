/// Reads an XML property list from UTF-8 bytes with a hand-written tokenizer, giving every
/// value its line and column.
///
/// The parser keeps its open containers on an explicit stack and never recurses, so a file
/// of 100,000 nested `<array>` elements fails at ``PropertyListLimits/maxDepth`` without
/// touching the call stack. It follows CoreFoundation's reading of the format (no
/// whitespace inside `<integer>`, `<real>` or `<date>`, no comments inside `<string>`)
/// except where noted on ``PropertyListDocument/parse(_:fileName:limits:)``.
struct XMLPropertyListParser {
    /// An element the parser has opened and not yet closed.
    struct Frame {
        enum Kind: String {
            case plist, array, dict
        }

        var kind: Kind
        /// The offset of the opening tag's `<`.
        var offset: Int
        var position: SourcePosition
        var elements: [PropertyListNode] = []
        var entries: [PropertyListDictionary.Entry] = []
        var pendingKey: (key: String, position: SourcePosition)?
    }

    let bytes: [UInt8]
    let fileName: String
    let limits: PropertyListLimits
    /// The next byte to read.
    var index: Int
    var tracker: PositionTracker
    var stack: [Frame] = []
    /// Containers open on the stack, `<plist>` excluded.
    var depth = 0
    var objectCount = 0
    var root: PropertyListNode?
    /// Whether the top value was a `<key>` read as a string (for a hint when a second one follows).
    var rootIsKey = false

    init(bytes: [UInt8], fileName: String, limits: PropertyListLimits) {
        let origin = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.bytes = bytes
        self.fileName = fileName
        self.limits = limits
        self.index = origin
        self.tracker = PositionTracker(bytes: bytes, origin: origin)
    }

    /// Parses the whole document and returns its root value.
    mutating func parse() throws(PropertyListError) -> PropertyListNode {
        while true {
            skipWhitespace()
            guard index < bytes.count else { break }
            let start = index
            guard bytes[index] == UInt8(ascii: "<") else {
                throw strayText(at: start)
            }
            if hasPrefix("<!--") {
                try skipComment()
            } else if hasPrefix("<?") {
                try skipProcessingInstruction()
            } else if hasPrefix("<!DOCTYPE") {
                guard root == nil, stack.isEmpty else {
                    throw error(.malformedXML, "a <!DOCTYPE> may only appear before the root element", at: start)
                }
                try skipDoctype()
            } else if hasPrefix("</") {
                try closeContainer(at: start)
            } else if hasPrefix("<!") {
                throw strayText(at: start)
            } else {
                try startElement(at: start)
            }
        }
        if let open = stack.last {
            throw error(.truncated, "unexpected end of file inside <\(open.kind.rawValue)> opened at \(open.position)",
                        at: bytes.count, keyPath: keyPath(readingElement: false))
        }
        guard let root else {
            throw error(.truncated, "the file has no property-list element", at: bytes.count, keyPath: nil)
        }
        return root
    }

    /// Reads a start tag and everything the element holds (for values), or opens a container.
    private mutating func startElement(at start: Int) throws(PropertyListError) {
        let tag = try readStartTag()
        let position = tracker.position(at: start)
        switch tag.name {
        case "plist":
            guard root == nil, stack.isEmpty else {
                throw error(.unexpectedElement, "<plist> may only be the root element", at: start)
            }
            guard !tag.isEmpty else {
                throw error(.unexpectedElement, "<plist/> is empty; expected a value inside <plist>", at: start,
                            keyPath: .root)
            }
            stack.append(Frame(kind: .plist, offset: start, position: position))
        case "key" where !(stack.last?.kind == .dict && stack.last?.pendingKey == nil):
            // Where a value stands (in an array, at the top, after a dictionary's key),
            // CoreFoundation reads a <key> as a <string>, and so does Appex.
            try checkValueAllowed(tag.name, at: start)
            try countObject(at: start)
            if stack.last?.kind == .plist { rootIsKey = true }
            let value = try readScalar(StartTag(name: "string", isEmpty: tag.isEmpty), closing: "key", at: start)
            deliver(PropertyListNode(value, position: position))
        case "key":
            try countObject(at: start)
            let text = tag.isEmpty ? [] : try readText(of: "key", openedAt: start, limit: limits.maxStringLength,
                                                        tooLong: .stringTooLong)
            guard let key = String(validating: text, as: UTF8.self) else {
                throw error(.malformedXML, "invalid UTF-8 in <key>", at: start)
            }
            stack[stack.count - 1].pendingKey = (key, position)
        case "dict", "array":
            try checkValueAllowed(tag.name, at: start)
            try countObject(at: start)
            guard depth < limits.maxDepth else {
                throw error(.tooDeep, "nesting deeper than \(limits.maxDepth) levels (the depth limit)", at: start)
            }
            if tag.isEmpty {
                let value: PropertyListNode.Value = tag.name == "dict" ? .dictionary(PropertyListDictionary()) : .array([])
                deliver(PropertyListNode(value, position: position))
            } else {
                stack.append(Frame(kind: tag.name == "dict" ? .dict : .array, offset: start, position: position))
                depth += 1
            }
        case "string", "integer", "real", "true", "false", "date", "data":
            try checkValueAllowed(tag.name, at: start)
            try countObject(at: start)
            let value = try readScalar(tag, at: start)
            deliver(PropertyListNode(value, position: position))
        default:
            throw error(.unexpectedElement, "unknown element <\(tag.name)>", at: start)
        }
    }

    /// Reads an end tag, which must close the innermost open container.
    private mutating func closeContainer(at start: Int) throws(PropertyListError) {
        let name = try readEndTag()
        guard let top = stack.last else {
            throw error(.malformedXML, "unexpected </\(name)> with no element open", at: start)
        }
        guard name == top.kind.rawValue else {
            throw error(.malformedXML, "expected </\(top.kind.rawValue)> to close <\(top.kind.rawValue)> "
                        + "opened at \(top.position), found </\(name)>", at: start,
                        keyPath: keyPath(readingElement: false))
        }
        if let pending = top.pendingKey {
            throw error(.unexpectedElement, "a <key> must be followed by a value in a <dict>: "
                        + "the <key> '\(pending.key)' at \(pending.position) is followed by </dict>", at: start)
        }
        stack.removeLast()
        switch top.kind {
        case .plist:
            guard let value = top.elements.first else {
                throw error(.unexpectedElement, "<plist> is empty; expected a value inside it", at: start, keyPath: .root)
            }
            deliver(value)
        case .array:
            depth -= 1
            deliver(PropertyListNode(.array(top.elements), position: top.position))
        case .dict:
            depth -= 1
            // CoreFoundation reads a dictionary whose one key is CF$UID, with an integer, as a
            // keyed archive's UID (of 32 bits).
            if top.entries.count == 1, top.entries[0].key == "CF$UID", let uid = top.entries[0].node.integerBits {
                deliver(PropertyListNode(.uid(UInt64(UInt32(truncatingIfNeeded: uid))), position: top.position))
            } else {
                deliver(PropertyListNode(.dictionary(PropertyListDictionary(top.entries)), position: top.position))
            }
        }
    }

    /// Throws unless a value element may start here.
    private mutating func checkValueAllowed(_ name: String, at start: Int) throws(PropertyListError) {
        guard let top = stack.last else {
            if root != nil {
                throw error(.unexpectedElement, "a property list has one root value; found a second: <\(name)>",
                            at: start, keyPath: nil)
            }
            return
        }
        switch top.kind {
        case .plist where !top.elements.isEmpty:
            throw error(.unexpectedElement, "<plist> may contain only one value; found a second: <\(name)>"
                        + (rootIsKey ? " (the first is a <key> outside any <dict>, which reads as a string, as on iOS; is the <dict> "
                                       + "around the keys missing?)" : ""),
                        at: start, keyPath: nil)
        case .dict where top.pendingKey == nil:
            throw error(.unexpectedElement, "expected <key> or </dict> in a <dict>, found <\(name)>", at: start)
        default:
            return
        }
    }

    /// Adds a finished value to the innermost container, or makes it the root.
    private mutating func deliver(_ node: PropertyListNode) {
        guard !stack.isEmpty else {
            root = node
            return
        }
        let last = stack.count - 1
        if stack[last].kind == .dict, let pending = stack[last].pendingKey {
            stack[last].entries.append(.init(key: pending.key, keyPosition: pending.position, node: node))
            stack[last].pendingKey = nil
        } else {
            stack[last].elements.append(node)
        }
    }

    private mutating func countObject(at start: Int) throws(PropertyListError) {
        objectCount += 1
        guard objectCount <= limits.maxObjectCount else {
            throw error(.tooManyObjects, "more than \(limits.maxObjectCount) objects (the object limit)", at: start)
        }
    }
}
