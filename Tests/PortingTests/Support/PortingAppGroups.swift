import AppGroupsCompat
import Foundation

/// The app groups the ported code uses, given to this test process as a host gives them to
/// an extension: `APPEX_APP_GROUP_CONTAINERS`, naming a container folder for each.
///
/// The variable is set once, on first use, and names only these groups, so other tests'
/// groups resolve as before. Tests that use them run in one serialized suite
/// (``AppGroupPortTests``) and empty the containers before and after.
enum PortingAppGroups {
    /// Seed 000's group.
    static let seed000 = "group.cn.vimfung.ShareExtensionDemo"
    /// The group of Checklist's compose sheet (Frameworks/ChecklistComposeViewController).
    static let checklist = "group.com.example.checklist"

    /// The folder that holds the containers.
    static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-porting-tests-\(getpid())")
        let containers = AppGroupContainers(containers: [
            seed000: root.appendingPathComponent(seed000),
            checklist: root.appendingPathComponent(checklist),
        ])
        for (name, value) in containers.environment { setenv(name, value, 1) }
        return root
    }()

    /// The container folder of `group`, as the process's environment names it.
    static func container(_ group: String) -> URL {
        root.appendingPathComponent(group).standardizedFileURL
    }

    /// Removes every container (their stores included); the next lookup creates them afresh.
    static func empty() {
        try? FileManager.default.removeItem(at: root)
    }
}
