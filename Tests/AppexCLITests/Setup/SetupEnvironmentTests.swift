import Foundation
import Testing

/// The real `appex` executable run as a child process with a temporary HOME and XDG
/// variables: where setup writes when no option says, and that `Exec` names the executable
/// itself (`/proc/self/exe`).
@Suite struct SetupEnvironmentTests {
    /// An environment and where the application entry and fish completion must land
    /// (relative to the fixture's root).
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var environment: [String: String]
        var entry: String
        var fish: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "HOME only", environment: [:],
             entry: "home/.local/share/applications/appex-share.desktop", fish: "home/.config/fish/completions/appex.fish"),
        Case(name: "XDG_DATA_HOME and XDG_CONFIG_HOME", environment: ["XDG_DATA_HOME": "$ROOT/xdg-data", "XDG_CONFIG_HOME": "$ROOT/xdg-config"],
             entry: "xdg-data/applications/appex-share.desktop", fish: "xdg-config/fish/completions/appex.fish"),
        Case(name: "relative XDG_DATA_HOME ignored", environment: ["XDG_DATA_HOME": "relative/data", "XDG_CONFIG_HOME": ""],
             entry: "home/.local/share/applications/appex-share.desktop", fish: "home/.config/fish/completions/appex.fish"),
    ]

    /// Runs the built `appex` with `arguments` and only HOME, PATH and `extra` in its environment.
    func run(_ arguments: [String], home: String, extra: [String: String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DemoAndShareTests.products + "/appex")
        process.arguments = arguments
        process.environment = ["HOME": home, "PATH": "/usr/bin:/bin"].merging(extra) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test(arguments: cases)
    func writesWhereXDGSays(_ test: Case) throws {
        let f = try SetupFixture()
        defer { f.remove() }
        let home = f.path("home")
        let environment = test.environment.mapValues { $0.replacingOccurrences(of: "$ROOT", with: f.root.path) }
        let setup = try run(["setup"], home: home, extra: environment)
        #expect(setup.status == 0, "\(setup.output)")
        let appex = URL(fileURLWithPath: DemoAndShareTests.products + "/appex").resolvingSymlinksInPath().path
        #expect(try f.content(test.entry).contains("\nExec=\(appex) share --ui web %U\n"))
        #expect(FileManager.default.fileExists(atPath: f.path(test.fish)))
        #expect(try run(["setup"], home: home, extra: environment).output.hasPrefix("unchanged "))
        let removed = try run(["setup", "--remove"], home: home, extra: environment)
        #expect(removed.status == 0, "\(removed.output)")
        #expect(!FileManager.default.fileExists(atPath: f.path(test.entry)))
        #expect(!FileManager.default.fileExists(atPath: f.path(test.fish)))
    }

    @Test func noHomeIsAnError() throws {
        let f = try SetupFixture()
        defer { f.remove() }
        let result = try run(["setup"], home: "relative/home", extra: [:])
        #expect(result.status == 2)
        #expect(result.output.contains("error: no-home: HOME is \"relative/home\", not an absolute path"))
    }
}
