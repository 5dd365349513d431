import AppGroups
import Foundation

/// Apple's `NSUserDefaults` for an app group, `NSUserDefaults(suiteName:)`, stored in the
/// group's ``SharedDefaults``: safe between the app and its extensions, where Foundation's
/// `UserDefaults` on Linux is not (docs/APP-GROUPS.md).
///
/// ```swift
/// let defaults = NSUserDefaults(suiteName: "group.cn.vimfung.ShareExtensionDemo")
/// defaults?.setValue(url.absoluteString, forKey: "share-url")
/// defaults?.set(true, forKey: "has-new-share")
/// defaults?.synchronize()      // false if a write above failed
/// ```
///
/// Setters do not throw, as Apple's do not: a write that fails (a value that is not a
/// property list, a store that cannot be written) stores nothing, is logged on standard
/// error, and makes the next ``synchronize()`` of the suite return `false`;
/// ``lastFailure`` says why. Apple raises an exception for a value that is not a property
/// list; Appex does not end the process for it (docs/PORTING.md).
///
/// Every write is committed when the setter returns and every read asks the store, so
/// another process's change is seen at once.
public final class NSUserDefaults: Sendable {
    /// The store the values live in.
    public let sharedDefaults: SharedDefaults

    /// The suite: the app group's identifier.
    public var suiteName: String { sharedDefaults.suiteName }

    /// The defaults of the app group `suiteName`, or `nil` when the process is not a member
    /// of that group or the name is `nil`.
    ///
    /// The groups are the ones the host gives the process (``AppGroupContainers/current``).
    /// iOS returns the app's standard defaults for `nil`, and unshared defaults for a group
    /// the app is not entitled to; Appex has neither, so code that uses the result with
    /// `?` does nothing and code that uses `!` stops at once (docs/PORTING.md).
    public convenience init?(suiteName: String?) {
        guard let defaults = SharedDefaults(suiteName: suiteName) else { return nil }
        self.init(sharedDefaults: defaults)
    }

    /// Apple's API over `sharedDefaults`, for a host or a test that opened the store itself.
    public init(sharedDefaults: SharedDefaults) {
        self.sharedDefaults = sharedDefaults
    }

    /// Whether every write to this suite since the last call was saved, as Apple's
    /// `synchronize()` reports whether the data was saved; the failures are then forgotten.
    ///
    /// Saving itself needs no call: each write is committed when its setter returns.
    @discardableResult
    public func synchronize() -> Bool {
        DefaultsFailures.shared.takeAll(for: sharedDefaults).isEmpty
    }

    /// The latest write to this suite that failed since the last ``synchronize()``, in this
    /// process; `nil` when there is none.
    public var lastFailure: AppGroupError? {
        DefaultsFailures.shared.last(for: sharedDefaults)
    }
}
