import Foundation

/// `APPEX_APP_GROUP_CONTAINERS`, the environment entry that tells an extension its app groups:
/// a JSON object from group identifier to the absolute path of the group's container.
///
/// ```
/// APPEX_APP_GROUP_CONTAINERS={"group.com.example.notes":"/…/Containers/Shared/AppGroup/group.com.example.notes"}
/// ```
///
/// The host writes it into the extension's environment (and binds only those folders into
/// the sandbox); AppGroups reads it. A process without it belongs to no group.
public enum AppGroupContainersEnvironment {
    /// The variable's name, `APPEX_APP_GROUP_CONTAINERS`.
    public static let environmentVariable = "APPEX_APP_GROUP_CONTAINERS"

    /// The variable's value for `containers` (group identifier → absolute path): JSON with
    /// sorted keys, so one set of containers always gives the same text.
    public static func encode(_ containers: [String: String]) -> String {
        let json = try? JSONSerialization.data(withJSONObject: containers, options: [.sortedKeys, .withoutEscapingSlashes])
        return json.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The containers in the variable's value `text`. Throws when `text` is not JSON, not an
    /// object, or gives a group something other than an absolute path; the message names
    /// the offending value. Checking the group identifiers is the reader's business.
    public static func decode(_ text: String) throws(AppGroupContainersEnvironmentError) -> [String: String] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            throw AppGroupContainersEnvironmentError(.notJSON, "\(environmentVariable) is not JSON: '\(text.prefix(200))'")
        }
        guard let entries = object as? [String: Any] else {
            throw AppGroupContainersEnvironmentError(.notAnObject,
                                                     "\(environmentVariable) is not a JSON object: '\(text.prefix(200))'")
        }
        var containers: [String: String] = [:]
        for (group, value) in entries {
            guard let path = value as? String, path.hasPrefix("/") else {
                throw AppGroupContainersEnvironmentError(
                    .invalidPath, "\(environmentVariable) gives '\(group)' the container \(value), which is not an absolute path")
            }
            containers[group] = path
        }
        return containers
    }
}
