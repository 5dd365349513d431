import DeviceLayout
import Foundation

/// The app groups a process belongs to, and where each group's shared container is.
///
/// A process is a member of the groups in its `com.apple.security.application-groups`
/// entitlement. An extension learns them from its environment (``fromEnvironment(_:)``,
/// set by the host, which also binds only those folders into the sandbox); the containing
/// app, the host and tests build the value from the entitlement and `APPEX_HOME`
/// (``init(entitledGroups:home:)``).
///
/// ```swift
/// let containers = AppGroupContainers.current
/// if let url = containers.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.notes") {
///     // read and write the group's files
/// }
/// ```
public struct AppGroupContainers: Hashable, Sendable {
    /// Each entitled group's container folder, by group identifier.
    public let containers: [String: URL]

    /// Containers given directly. Entries whose key is not a valid app-group identifier
    /// are left out, so they never resolve.
    public init(containers: [String: URL]) {
        self.containers = containers.filter { AppGroupIdentifier.isValid($0.key) }
            .mapValues { $0.standardizedFileURL }
    }

    /// The containers of `entitledGroups` in the APPEX_HOME layout:
    /// `<home>/Containers/Shared/AppGroup/<group>/`.
    public init(entitledGroups: some Sequence<String>, home: URL) {
        let home = AppexHome(root: home)
        var containers: [String: URL] = [:]
        for group in entitledGroups where AppGroupIdentifier.isValid(group) {
            containers[group] = home.appGroupContainer(groupIdentifier: group)
        }
        self.init(containers: containers)
    }

    /// No groups: every lookup answers `nil`.
    public static let none = AppGroupContainers(containers: [:])

    /// The identifiers of the groups this process belongs to, sorted.
    public var groupIdentifiers: [String] { containers.keys.sorted() }

    /// The container of `groupIdentifier`, created with `Library/Preferences` and
    /// `Library/Caches` if missing; `nil` when the process is not a member of the group or
    /// the identifier does not start with `group.`.
    ///
    /// Apple's name and meaning (iOS): the identifier must match an entitlement exactly.
    /// Creating the folders is best effort; the URL is returned even if it fails, as the
    /// container's own files then fail with a precise error.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        guard AppGroupIdentifier.isValid(groupIdentifier), let url = containers[groupIdentifier] else { return nil }
        Self.prepare(url)
        return url
    }

    /// The container of `groupIdentifier`, or an error that says why there is none.
    public func requireContainerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) throws(AppGroupError) -> URL {
        try AppGroupIdentifier.validate(groupIdentifier)
        guard let url = containerURL(forSecurityApplicationGroupIdentifier: groupIdentifier) else {
            let member = groupIdentifiers.isEmpty ? "no app group" : "only " + groupIdentifiers.joined(separator: ", ")
            throw AppGroupError(.notAMember, "this process is not a member of '\(groupIdentifier)' (it belongs to \(member))")
        }
        return url
    }

    /// Creates the container's standard folders; none below a symbolic link
    /// (``ContainedPath``): that would make them wherever the link points.
    static func prepare(_ container: URL) {
        for folder in AppGroupContainerLayout(root: container).standardDirectories {
            guard (try? ContainedPath.check(folder, in: container)) != nil else { continue }
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
    }
}
