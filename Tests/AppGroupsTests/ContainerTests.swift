import AppGroups
import Foundation
import Testing

@Suite struct ContainerTests {
    struct IdentifierCase: CustomTestStringConvertible, Sendable {
        let name: String
        let identifier: String
        let valid: Bool
        var testDescription: String { name }
    }

    static let identifiers: [IdentifierCase] = [
        .init(name: "reverse DNS", identifier: "group.com.example.notes", valid: true),
        .init(name: "dashes and underscores", identifier: "group.com.example-app.my_group", valid: true),
        .init(name: "no group. prefix", identifier: "com.example.notes", valid: false),
        .init(name: "prefix only", identifier: "group.", valid: false),
        .init(name: "capitalised prefix", identifier: "Group.com.example", valid: false),
        .init(name: "path traversal", identifier: "group.../etc", valid: false),
        .init(name: "slash", identifier: "group.com/example", valid: false),
        .init(name: "empty component", identifier: "group.com..example", valid: false),
        .init(name: "empty", identifier: "", valid: false),
    ]

    @Test(arguments: identifiers)
    func identifierValidity(_ example: IdentifierCase) throws {
        #expect(AppGroupIdentifier.isValid(example.identifier) == example.valid)
        let folder = try TemporaryFolder()
        let containers = AppGroupContainers(entitledGroups: [example.identifier], home: folder.url)
        let url = containers.containerURL(forSecurityApplicationGroupIdentifier: example.identifier)
        #expect((url != nil) == example.valid, "an entitled identifier resolves exactly when it is valid")
    }

    @Test func membersGetTheAppexHomeLayoutAndOthersNil() throws {
        let folder = try TemporaryFolder()
        let containers = AppGroupContainers(entitledGroups: ["group.com.example.notes"], home: folder.url)
        let url = try #require(containers.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.notes"))
        #expect(url.path == folder.url.appendingPathComponent("Containers/Shared/AppGroup/group.com.example.notes").path)
        for created in ["Library/Preferences", "Library/Caches"] {
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: url.appendingPathComponent(created).path, isDirectory: &isDirectory)
                    && isDirectory.boolValue, "\(created) is created on first use")
        }
        #expect(containers.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.other") == nil)
        #expect(containers.containerURL(forSecurityApplicationGroupIdentifier: "GROUP.com.example.notes") == nil,
                "identifiers match the entitlement exactly")
    }

    @Test func requireNamesTheGroupAndTheMemberships() throws {
        let folder = try TemporaryFolder()
        let containers = AppGroupContainers(entitledGroups: ["group.a"], home: folder.url)
        let error = #expect(throws: AppGroupError.self) {
            try containers.requireContainerURL(forSecurityApplicationGroupIdentifier: "group.b")
        }
        #expect(error?.code == .notAMember)
        #expect(error?.message.contains("'group.b'") == true && error?.message.contains("group.a") == true)
        #expect(throws: AppGroupError.self) {
            try containers.requireContainerURL(forSecurityApplicationGroupIdentifier: "b")
        }
    }

    @Test func environmentRoundTrip() throws {
        let containers = AppGroupContainers(containers: [
            "group.a": URL(fileURLWithPath: "/data/a", isDirectory: true),
            "group.b": URL(fileURLWithPath: "/data/b", isDirectory: true),
        ])
        let parsed = try AppGroupContainers.fromEnvironment(containers.environment)
        #expect(parsed == containers)
        #expect(parsed.groupIdentifiers == ["group.a", "group.b"])
        #expect(try AppGroupContainers.fromEnvironment([:]) == .none)
    }

    struct EnvironmentCase: CustomTestStringConvertible, Sendable {
        let name: String
        let value: String
        let mentions: String
        var testDescription: String { name }
    }

    static let badEnvironments: [EnvironmentCase] = [
        .init(name: "not JSON", value: "group.a=/x", mentions: "not JSON"),
        .init(name: "an array", value: #"["group.a"]"#, mentions: "not a JSON object"),
        .init(name: "bad identifier", value: #"{"com.a": "/x"}"#, mentions: "'com.a'"),
        .init(name: "relative path", value: #"{"group.a": "x/y"}"#, mentions: "x/y"),
        .init(name: "number path", value: #"{"group.a": 3}"#, mentions: "group.a"),
    ]

    @Test(arguments: badEnvironments)
    func invalidEnvironmentIsAnError(_ example: EnvironmentCase) {
        let error = #expect(throws: AppGroupError.self) {
            try AppGroupContainers.fromEnvironment([AppGroupContainers.environmentVariable: example.value])
        }
        #expect(error?.code == .invalidEnvironment)
        #expect(error?.message.contains(example.mentions) == true, "\(error?.message ?? "")")
    }

    struct MembershipCase: CustomTestStringConvertible, Sendable {
        let name: String
        let entitled: [String]
        let asked: String
        let reaches: Bool
        var testDescription: String { name }
    }

    static let memberships: [MembershipCase] = [
        .init(name: "member", entitled: ["group.com.example.notes"], asked: "group.com.example.notes", reaches: true),
        .init(name: "member of another group", entitled: ["group.com.example.other"], asked: "group.com.example.notes", reaches: false),
        .init(name: "no groups", entitled: [], asked: "group.com.example.notes", reaches: false),
    ]

    /// The API side of "an extension outside a group cannot reach its container": a process
    /// whose environment does not list the group gets nil from FileManager and SharedDefaults
    /// and `not-a-member` from ShareInbox. (The host's sandbox hides the folder itself.)
    @Test(arguments: memberships)
    func processOutsideAGroupCannotGetItsContainer(_ example: MembershipCase) throws {
        try WorkerBinary.require()
        let folder = try TemporaryFolder()
        let containers = AppGroupContainers(entitledGroups: example.entitled, home: folder.url)
        let worker = try WorkerProcess(["membership", example.asked], environment: containers.environment)
        let (lines, ending) = worker.finish()
        #expect(ending == .exit(0))
        let expected = folder.url.appendingPathComponent("Containers/Shared/AppGroup/\(example.asked)").path
        #expect(lines == [example.reaches ? "container=\(expected) defaults=ok inbox=ok"
                                          : "container=nil defaults=nil inbox=not-a-member"])
    }
}
