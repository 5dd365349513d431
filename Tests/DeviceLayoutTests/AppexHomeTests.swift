import DeviceLayout
import Foundation
import Testing

@Suite struct AppexHomeTests {
    static let root = URL(fileURLWithPath: "/device/home", isDirectory: true)

    static let paths: [PathCase<AppexHome>] = [
        .init(name: "applications", path: { $0.applicationsDirectory }, expected: "Applications"),
        .init(name: "one application", path: { $0.applicationDirectory(bundleIdentifier: "com.example.notes") },
              expected: "Applications/com.example.notes"),
        .init(name: "data containers", path: { $0.dataContainersDirectory }, expected: "Containers/Data"),
        .init(name: "one data container", path: { $0.dataContainer(bundleIdentifier: "com.example.notes.save") },
              expected: "Containers/Data/com.example.notes.save"),
        .init(name: "app-group containers", path: { $0.appGroupContainersDirectory },
              expected: "Containers/Shared/AppGroup"),
        .init(name: "one app-group container", path: { $0.appGroupContainer(groupIdentifier: "group.com.example.notes") },
              expected: "Containers/Shared/AppGroup/group.com.example.notes"),
        .init(name: "crash reports", path: { $0.crashReportsDirectory }, expected: "CrashReports"),
        .init(name: "one extension's crash reports", path: { $0.crashReports(extensionIdentifier: "com.example.notes.save") },
              expected: "CrashReports/com.example.notes.save"),
        .init(name: "registry database", path: { $0.registryDatabase }, expected: "registry.sqlite", isDirectory: false),
        .init(name: "registry lock", path: { $0.registryLock }, expected: "registry.lock", isDirectory: false),
    ]

    @Test(arguments: paths)
    func pathsUnderTheRoot(_ example: PathCase<AppexHome>) {
        let url = example.path(AppexHome(root: Self.root))
        #expect(url.path == Self.root.path + "/" + example.expected)
        #expect(url.hasDirectoryPath == example.isDirectory)
    }

    @Test func rootIsStandardized() {
        let home = AppexHome(root: URL(fileURLWithPath: "/device/./other/../home", isDirectory: true))
        #expect(home.root.path == Self.root.path)
        #expect(home == AppexHome(root: Self.root))
    }

    struct EnvironmentCase: CustomTestStringConvertible, Sendable {
        let name: String
        let environment: [String: String]
        let expected: String
        var testDescription: String { name }
    }

    static let environments: [EnvironmentCase] = [
        .init(name: "APPEX_HOME wins", environment: ["APPEX_HOME": "/a", "XDG_DATA_HOME": "/x", "HOME": "/u"],
              expected: "/a"),
        .init(name: "empty APPEX_HOME is unset", environment: ["APPEX_HOME": "", "XDG_DATA_HOME": "/x"],
              expected: "/x/appex"),
        .init(name: "XDG_DATA_HOME", environment: ["XDG_DATA_HOME": "/x", "HOME": "/u"], expected: "/x/appex"),
        .init(name: "relative XDG_DATA_HOME is ignored", environment: ["XDG_DATA_HOME": "x", "HOME": "/u"],
              expected: "/u/.local/share/appex"),
        .init(name: "HOME", environment: ["HOME": "/u"], expected: "/u/.local/share/appex"),
    ]

    @Test(arguments: environments)
    func homeFromTheEnvironment(_ example: EnvironmentCase) {
        #expect(AppexHome.fromEnvironment(example.environment).root.path == example.expected)
    }
}
