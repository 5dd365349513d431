import Foundation

/// A Swift type a typed load can ask for: `URL`, `Data`, `String`, or
/// ``ItemProviderValue`` (the value as registered, no coercion).
///
/// ```swift
/// let url = try await provider.loadItem(forTypeIdentifier: "public.url", as: URL.self)
/// ```
public protocol ItemProviderCoercible: Sendable {
    /// What the coercion table is asked for; `nil` means "as registered".
    static var coercionTarget: ItemCoercion.Target? { get }
    /// The value after coercion; `nil` if it is not of this type.
    init?(coercedValue: ItemProviderValue)
    /// The value to register for this object.
    var itemProviderValue: ItemProviderValue { get }
}

extension URL: ItemProviderCoercible {
    public static var coercionTarget: ItemCoercion.Target? { .url }
    public init?(coercedValue: ItemProviderValue) {
        guard case .url(let url) = coercedValue else { return nil }
        self = url
    }
    public var itemProviderValue: ItemProviderValue { .url(self) }
}

extension Data: ItemProviderCoercible {
    public static var coercionTarget: ItemCoercion.Target? { .data }
    public init?(coercedValue: ItemProviderValue) {
        guard case .data(let data) = coercedValue else { return nil }
        self = data
    }
    public var itemProviderValue: ItemProviderValue { .data(self) }
}

extension String: ItemProviderCoercible {
    public static var coercionTarget: ItemCoercion.Target? { .string }
    public init?(coercedValue: ItemProviderValue) {
        guard case .string(let string) = coercedValue else { return nil }
        self = string
    }
    public var itemProviderValue: ItemProviderValue { .string(self) }
}

extension ItemProviderValue: ItemProviderCoercible {
    public static var coercionTarget: ItemCoercion.Target? { nil }
    public init?(coercedValue: ItemProviderValue) { self = coercedValue }
    public var itemProviderValue: ItemProviderValue { self }
}
