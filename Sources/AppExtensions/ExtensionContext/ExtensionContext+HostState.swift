import Foundation

extension ExtensionContext {
    /// A change in the host app's state, as the host reports it.
    public enum HostState: String, Hashable, Sendable, CaseIterable {
        /// The host is about to enter the foreground.
        case willEnterForeground
        /// The host entered the background.
        case didEnterBackground
        /// The host is about to resign active; the extension may be suspended after it.
        case willResignActive
        /// The host became active.
        case didBecomeActive

        /// The notification posted for this change.
        public var notificationName: Notification.Name {
            switch self {
            case .willEnterForeground: ExtensionContext.hostWillEnterForegroundNotification
            case .didEnterBackground: ExtensionContext.hostDidEnterBackgroundNotification
            case .willResignActive: ExtensionContext.hostWillResignActiveNotification
            case .didBecomeActive: ExtensionContext.hostDidBecomeActiveNotification
            }
        }
    }

    /// Posted when the host will enter the foreground (`NSExtensionHostWillEnterForegroundNotification`).
    public static let hostWillEnterForegroundNotification = Notification.Name("NSExtensionHostWillEnterForegroundNotification")
    /// Posted when the host entered the background (`NSExtensionHostDidEnterBackgroundNotification`).
    public static let hostDidEnterBackgroundNotification = Notification.Name("NSExtensionHostDidEnterBackgroundNotification")
    /// Posted when the host will resign active (`NSExtensionHostWillResignActiveNotification`).
    public static let hostWillResignActiveNotification = Notification.Name("NSExtensionHostWillResignActiveNotification")
    /// Posted when the host became active (`NSExtensionHostDidBecomeActiveNotification`).
    public static let hostDidBecomeActiveNotification = Notification.Name("NSExtensionHostDidBecomeActiveNotification")

    /// Delivers a host state change: posts its notification on `center` with this
    /// context as the object. The host side of the connection calls this.
    public func hostStateDidChange(_ state: HostState, center: NotificationCenter = .default) {
        center.post(name: state.notificationName, object: self)
    }
}
