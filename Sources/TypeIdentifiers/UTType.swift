import Foundation

/// A uniform type identifier: what a piece of data is, and what it conforms to.
///
/// The Linux counterpart of Apple's `UniformTypeIdentifiers.UTType`, with the same names and
/// meaning. Identifiers compare case-insensitively; conformance is reflexive and transitive
/// and costs a bit test for declared types.
///
/// ```swift
/// let heic = UTType(filenameExtension: "heic")!
/// heic.conforms(to: .image)        // true, through public.heif-standard
/// UTType("com.compuserve.gif")?.preferredMIMEType  // "image/gif"
/// ```
public struct UTType: Sendable, Hashable, CustomStringConvertible {
    let node: TypeNode
    /// The registry the type was resolved in.
    let registry: TypeRegistry

    init(node: TypeNode, registry: TypeRegistry) {
        self.node = node
        self.registry = registry
    }

    /// Creates the type for an identifier, resolved in the shared registry.
    ///
    /// Returns `nil` when the string is not a syntactically valid identifier. A valid but
    /// undeclared identifier yields a type that is neither declared nor dynamic and conforms
    /// only to itself; a `dyn.` identifier decodes to the tag it wraps.
    public init?(_ identifier: String) {
        guard let type = TypeRegistry.shared.type(withIdentifier: identifier) else { return nil }
        self = type
    }

    /// A system type by identifier; used by the constants.
    init(_system identifier: String) {
        self = TypeRegistry.shared.systemType(identifier)
    }

    /// The type's identifier, as declared.
    public var identifier: String { node.identifier }

    /// Whether the type is declared: by the system, an installed bundle or shared-mime-info.
    public var isDeclared: Bool { node.declaration != nil }

    /// Whether the type is dynamic: a `dyn.` identifier wrapping an unclaimed tag.
    public var isDynamic: Bool { node.dynamicTag != nil }

    /// Whether the identifier is in Apple's reserved `public.` domain.
    public var isPublicType: Bool { node.key.hasPrefix("public.") }

    /// A short human-readable description, such as "JPEG image".
    public var localizedDescription: String? { node.declaration?.description }

    /// Where the declaration came from, for declared types.
    public var origin: TypeDeclaration.Origin? { node.declaration?.origin }

    /// Whether this type is `type` or a descendant of it (reflexive, transitive).
    @inline(__always)
    public func conforms(to type: UTType) -> Bool { node.conforms(to: type.node) }

    /// Whether this type conforms to `type` and is not equal to it.
    public func isSubtype(of type: UTType) -> Bool { self != type && conforms(to: type) }

    /// Whether `type` conforms to this type and is not equal to it.
    public func isSupertype(of type: UTType) -> Bool { type.isSubtype(of: self) }

    /// Every type this type conforms to, directly or indirectly, excluding itself.
    public var supertypes: Set<UTType> {
        Set(node.ancestorKeys.lazy.filter { $0 != node.key }.map { registry.resolve(key: $0) })
    }

    /// The types this type directly conforms to, in declaration order.
    public var directSupertypes: [UTType] {
        node.parentIdentifiers.map { registry.resolve(key: $0.lowercased(), spelled: $0) }
    }

    public var description: String { identifier }

    public static func == (lhs: UTType, rhs: UTType) -> Bool { lhs.node.key == rhs.node.key }

    public func hash(into hasher: inout Hasher) { hasher.combine(node.key) }
}
