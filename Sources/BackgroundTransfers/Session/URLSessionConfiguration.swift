import Foundation
import Synchronization

/// How a background session behaves: Apple's `URLSessionConfiguration`, background only.
///
/// ```swift
/// let configuration = URLSessionConfiguration.background(withIdentifier: "com.example.notes.upload")
/// configuration.sharedContainerIdentifier = "group.com.example.notes"
/// let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
/// ```
///
/// An extension's session must name an app group in ``sharedContainerIdentifier``, or every
/// task fails with `NSURLErrorBackgroundSessionRequiresSharedContainer` (-995), as on iOS.
/// Sessions that are not background sessions stay FoundationNetworking's.
public final class URLSessionConfiguration: Sendable, CustomStringConvertible {
    private struct Values: Sendable {
        var sharedContainerIdentifier: String?
        var sessionSendsLaunchEvents = true
        var isDiscretionary = false
        var httpAdditionalHeaders: [String: String]?
    }

    private let values = Mutex(Values())

    /// The session's identifier, unique within its app (the app and its extensions).
    public let identifier: String?

    private init(identifier: String) {
        self.identifier = identifier
    }

    /// A configuration whose tasks the transfer service carries on after the process ends.
    public class func background(withIdentifier identifier: String) -> URLSessionConfiguration {
        URLSessionConfiguration(identifier: identifier)
    }

    /// The app group whose container receives downloads and whose members may reopen the
    /// session; required for an extension's session.
    public var sharedContainerIdentifier: String? {
        get { values.withLock { $0.sharedContainerIdentifier } }
        set { values.withLock { $0.sharedContainerIdentifier = newValue } }
    }

    /// Whether the app is told when its tasks finish while it is not running (the service
    /// keeps the events for it either way; see docs/TRANSFERS.md).
    public var sessionSendsLaunchEvents: Bool {
        get { values.withLock { $0.sessionSendsLaunchEvents } }
        set { values.withLock { $0.sessionSendsLaunchEvents = newValue } }
    }

    /// Kept for ported code; the service does not defer discretionary tasks.
    public var isDiscretionary: Bool {
        get { values.withLock { $0.isDiscretionary } }
        set { values.withLock { $0.isDiscretionary = newValue } }
    }

    /// Header fields added to every request of the session (a request's own fields win).
    public var httpAdditionalHeaders: [String: String]? {
        get { values.withLock { $0.httpAdditionalHeaders } }
        set { values.withLock { $0.httpAdditionalHeaders = newValue } }
    }

    /// `background(<identifier>) in <group>`.
    public var description: String {
        "background(\(identifier ?? "")) in \(sharedContainerIdentifier ?? "no shared container")"
    }
}
