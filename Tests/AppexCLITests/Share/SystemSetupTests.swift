@testable import AppexSystem
import DeviceLayout
import ExtensionHost
import Foundation
import Synchronization
import Testing

/// AppexSystem's standard setup for a host: the launch options every command uses, and the
/// transfer service started on demand, whose failure to start is said, not swallowed.
@Suite("The system's standard host setup")
struct SystemSetupTests {
    struct TimeoutCase: Sendable, CustomTestStringConvertible {
        var name: String
        var value: String?
        var expected: Duration?
        var testDescription: String { name }
    }

    static let timeouts = [
        TimeoutCase(name: "unset: the default, 20 s", value: nil, expected: .seconds(20)),
        TimeoutCase(name: "120: two minutes, as the tests set it", value: "120", expected: .seconds(120)),
        TimeoutCase(name: "abc: an error naming the variable and the value", value: "abc", expected: nil),
        TimeoutCase(name: "0: an error (from 1)", value: "0", expected: nil),
    ]

    @Test(arguments: timeouts)
    func startTimeout(_ scenario: TimeoutCase) throws {
        let home = AppexHome(root: URL(fileURLWithPath: "/tmp/appex-setup-\(UUID().uuidString)"))
        let environment = scenario.value.map { [LaunchOptions.startTimeoutVariable: $0] } ?? [:]
        if let expected = scenario.expected {
            let options = try LaunchOptions.standard(sandbox: nil, home: home, environment: environment)
            #expect(options.startTimeout == expected)
            #expect(options.transferService == nil)
            #expect(!options.sandboxed)
        } else {
            #expect {
                try LaunchOptions.standard(sandbox: nil, home: home, environment: environment)
            } throws: { error in
                let setup = error as? AppexSystemError
                return setup?.code == .badSetting && setup?.message.contains("APPEX_START_TIMEOUT is '\(scenario.value ?? "")'") == true
            }
        }
    }

    @Test("A transfer service that cannot start is said, with the home and the service's log, and the launch goes on")
    func failedStartIsSaid() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-setup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = AppexHome(root: root)
        let said = Mutex<[String]>([])
        let access = TransferServiceAccess.onDemand(home: home, executable: root.appendingPathComponent("no-such-appex").path) { line in
            said.withLock { $0.append(line) }
        }
        await access.ensureRunning()
        let lines = said.withLock { $0 }
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.contains("the transfer service of \(root.path) could not start") == true, "\(lines)")
        #expect(lines.first?.contains("service.log") == true, "\(lines)")
    }
}
