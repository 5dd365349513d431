import Foundation

extension AppGroupContainers {
    /// `APPEX_APP_GROUP_CONTAINERS`: a JSON object from group identifier to the absolute
    /// path of its container, `{"group.com.example.notes": "/…/AppGroup/group.com.example.notes"}`.
    /// The host sets it for an extension; a process without it belongs to no group.
    public static let environmentVariable = "APPEX_APP_GROUP_CONTAINERS"

    /// The containers named by `environment[environmentVariable]`; ``none`` when it is
    /// absent. Throws ``AppGroupError/Code/invalidEnvironment`` when it is not a JSON object
    /// of strings, a key is not a group identifier, or a path is not absolute.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(AppGroupError) -> AppGroupContainers {
        guard let text = environment[environmentVariable], !text.isEmpty else { return .none }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw AppGroupError(.invalidEnvironment, "\(environmentVariable) is not JSON: '\(text.prefix(200))'")
        }
        guard let entries = object as? [String: Any] else {
            throw AppGroupError(.invalidEnvironment, "\(environmentVariable) is not a JSON object: '\(text.prefix(200))'")
        }
        var containers: [String: URL] = [:]
        for (group, value) in entries {
            guard AppGroupIdentifier.isValid(group) else {
                throw AppGroupError(.invalidEnvironment, "\(environmentVariable) names '\(group)', which is not an app-group identifier")
            }
            guard let path = value as? String, path.hasPrefix("/") else {
                throw AppGroupError(.invalidEnvironment, "\(environmentVariable) gives '\(group)' the container \(value), "
                                    + "which is not an absolute path")
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
        let paths = containers.mapValues(\.path)
        guard let json = try? JSONSerialization.data(withJSONObject: paths, options: [.sortedKeys]) else { return [:] }
        return [Self.environmentVariable: String(decoding: json, as: UTF8.self)]
    }
}
