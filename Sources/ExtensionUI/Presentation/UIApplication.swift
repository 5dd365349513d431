import Foundation

/// The app object: UIKit's `UIApplication`, which an app extension may not use.
///
/// On iOS `UIApplication.shared` is marked `NS_EXTENSION_UNAVAILABLE_IOS`, and Xcode
/// refuses it in an extension target with the message below; Appex's modules are for
/// extensions, so it is unavailable here the same way. To open a URL, an extension calls
/// `extensionContext?.open(_:completionHandler:)` (docs/PORTING.md).
@MainActor
public final class UIApplication: UIResponder {
    /// The app object: unavailable in an app extension.
    @available(*, unavailable, message: "Use view controller based solutions where appropriate instead.")
    public static var shared: UIApplication { fatalError("unavailable") }

    /// Opening URLs: unavailable in an app extension.
    @available(*, unavailable, message: "Use view controller based solutions where appropriate instead.")
    public func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
                     completionHandler completion: (@MainActor (Bool) -> Void)? = nil) {}

    /// A key of `open(_:options:completionHandler:)`'s options.
    public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    private override init() {}
}
