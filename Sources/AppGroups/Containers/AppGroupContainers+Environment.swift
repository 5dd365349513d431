import DeviceLayout
import Foundation

extension AppGroupContainers {
    /// `APPEX_APP_GROUP_CONTAINERS`: a JSON object from group identifier to the absolute
    /// path of its container, `{"group.com.example.notes": "/…/AppGroup/group.com.example.notes"}`.
    /// The host sets it for an extension; a process without it belongs to no group.
    /// DeviceLayout's ``AppGroupContainersEnvironment`` reads and writes it.
    public static let environmentVariable = AppGroupContainersEnvironment.environmentVariable

    /// The containers named by `environment[environmentVariable]`; ``none`` when it is
    /// absent. Throws ``AppGroupError/Code/invalidEnvironment`` when it is not a JSON object
    /// of strings, a key is not a group identifier, or a path is not absolute.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(AppGroupError) -> AppGroupContainers {
        guard let text = environment[environmentVariable], !text.isEmpty else { return .none }
        let paths: [String: String]
        do {
            paths = try AppGroupContainersEnvironment.decode(text)
        } catch {
            throw AppGroupError(.invalidEnvironment, error.message)
        }
        var containers: [String: URL] = [:]
        for (group, path) in paths {
            guard AppGroupIdentifier.isValid(group) else {
                throw AppGroupError(.invalidEnvironment, "\(environmentVariable) names '\(group)', which is not an app-group identifier")
            }
            containers[group] = URL(fileURLWithPath: path, isDirectory: true)
        }
        return AppGroupContainers(containers: containers)
    }

    /// This process's containers, from its environment; ``none`` when the variable is
    /// absent or invalid.
    public static var current: AppGroupContainers {
        (try? fromEnvironment()) ?? .none
    }

    /// The environment entry that gives a child process these containers, for a host to
    /// merge into the child's environment.
    public var environment: [String: String] {
        [Self.environmentVariable: AppGroupContainersEnvironment.encode(containers.mapValues(\.path))]
    }
}
