import Foundation

extension FileManager {
    /// The shared container of `groupIdentifier` for this process, or `nil` when the
    /// process is not a member of the group (Apple's name and meaning).
    ///
    /// The groups and their folders come from `APPEX_APP_GROUP_CONTAINERS`, which the host
    /// sets; see ``AppGroupContainers``.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        AppGroupContainers.current.containerURL(forSecurityApplicationGroupIdentifier: groupIdentifier)
    }
}
