import Foundation

extension ExtensionContext {
    /// What an extension point allows its extensions to do.
    public struct Configuration: Hashable, Sendable {
        /// Which URLs `open(_:)` may ask the host to open.
        public var openURLPolicy: OpenURLPolicy
        /// The URL schemes the containing app declares (`CFBundleURLSchemes`), lowercased.
        public var containingAppURLSchemes: Set<String>

        /// Creates a configuration; by default share and action extensions may open only
        /// their containing app's URL schemes (docs/ACTIVATION.md, ruling 16).
        public init(openURLPolicy: OpenURLPolicy = .containingAppSchemes, containingAppURLSchemes: Set<String> = []) {
            self.openURLPolicy = openURLPolicy
            self.containingAppURLSchemes = Set(containingAppURLSchemes.map { $0.lowercased() })
        }
    }

    /// Which URLs an extension point lets `open(_:)` open.
    public enum OpenURLPolicy: String, Hashable, Sendable {
        /// Only the containing app's own URL schemes (Appex's ruling for share and action extensions).
        case containingAppSchemes = "containing-app-schemes"
        /// Any URL (Apple's Today extensions).
        case any
        /// None (Apple's share and action extensions).
        case none
    }

    /// Asks the host to open `url`; `completionHandler` gets whether it was opened.
    ///
    /// A URL the point's policy refuses is not sent to the host: the handler gets
    /// `false` and the connection is told ``ExtensionContextError/Code/openURLRefused``.
    public func open(_ url: URL, completionHandler: (@Sendable (_ success: Bool) -> Void)? = nil) {
        if let refusal = refusal(for: url) {
            connection.extensionContext(self, didMisuse: refusal)
            Offload.run { completionHandler?(false) }
            return
        }
        connection.open(url) { success in Offload.run { completionHandler?(success) } }
    }

    /// Asks the host to open `url` and waits for its answer.
    /// - Throws: ``ExtensionContextError`` `.openURLRefused` when the policy refuses the URL.
    public func openURL(_ url: URL) async throws(ExtensionContextError) -> Bool {
        if let refusal = refusal(for: url) {
            connection.extensionContext(self, didMisuse: refusal)
            throw refusal
        }
        return await withCheckedContinuation { continuation in
            connection.open(url) { continuation.resume(returning: $0) }
        }
    }

    /// Why the policy refuses `url`, or `nil` when it allows it.
    func refusal(for url: URL) -> ExtensionContextError? {
        let scheme = url.scheme?.lowercased() ?? ""
        switch configuration.openURLPolicy {
        case .any:
            return nil
        case .containingAppSchemes where configuration.containingAppURLSchemes.contains(scheme):
            return nil
        case .containingAppSchemes:
            let own = configuration.containingAppURLSchemes.sorted().joined(separator: ", ")
            return ExtensionContextError(.openURLRefused,
                                         "open(\(url.absoluteString)) refused: an extension may open only its containing app's URL schemes (\(own.isEmpty ? "none declared" : own))")
        case .none:
            return ExtensionContextError(.openURLRefused,
                                         "open(\(url.absoluteString)) refused: this extension point does not open URLs")
        }
    }
}
