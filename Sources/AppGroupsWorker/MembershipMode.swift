import AppGroups
import Foundation

/// What this process reaches of app group `group` through the API, from its environment
/// (`APPEX_APP_GROUP_CONTAINERS`): one line,
/// `container=<path|nil> defaults=<ok|nil> inbox=<ok|error code>`.
enum MembershipMode {
    static func run(group: String) {
        let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group)
        let defaults = SharedDefaults(suiteName: group) == nil ? "nil" : "ok"
        let inbox: String
        do {
            _ = try ShareInbox(groupIdentifier: group)
            inbox = "ok"
        } catch {
            inbox = error.code.rawValue
        }
        Worker.emit("container=\(container?.path ?? "nil") defaults=\(defaults) inbox=\(inbox)")
    }
}
