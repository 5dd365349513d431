import CIBus
import Foundation
import HostTestSupport
import Testing

extension ServingTests.IBusDaemonTests {
    /// The whole path a person takes: `appex setup`'s component file read by ibus-daemon,
    /// which lists the installed keyboards (from `appex keyboard ibus --xml`) and starts
    /// `appex keyboard ibus --ibus` when an app picks one; the Pinyin example types hanzi.
    @Suite struct InstalledKeyboard {
        static let pinyin = "appex:com.example.pinyin.Keyboard"

        /// Runs `executable` with `arguments` and `environment`; its exit status and standard error.
        func run(_ executable: String, _ arguments: [String], environment: [String: String]) async throws -> (Int32, String) {
            let process = try ChildProcess(name: (executable as NSString).lastPathComponent, executable: executable,
                                           arguments: arguments, environment: environment)
            let status = await process.waitForExit()
            return (status, process.standardError)
        }

        @Test func setupsComponentOffersTheKeyboardAndIBusStartsIt() async throws {
            let appex = try #require(FixtureInstallation.builtProduct("appex"), "appex is not built next to the tests").path
            let products = (appex as NSString).deletingLastPathComponent
            let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples").standardizedFileURL.path
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-ibus-installed-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: root) }
            let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": root, "APPEX_HOME": root + "/home",
                               "XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config"]
            let built = try await run(appex, ["bundle", examples + "/Pinyin/Bundle", "--products", products, "--output", root + "/Pinyin.app"],
                                      environment: environment)
            try #require(built.0 == 0, "\(built.1)")
            let installed = try await run(appex, ["install", root + "/Pinyin.app"], environment: environment)
            try #require(installed.0 == 0, "\(installed.1)")
            let setup = try await run(appex, ["setup", "--executable", appex], environment: environment)
            try #require(setup.0 == 0, "\(setup.1)")
            let written = try String(contentsOfFile: root + "/data/appex/ibus/component/appex-keyboards.xml", encoding: .utf8)
            #expect(written.contains("<exec>\(appex) keyboard ibus --ibus</exec>"))
            // Keys may take 60 s here: CI's loaded cores can keep a healthy keyboard past 100 ms.
            let component = written.replacingOccurrences(of: "keyboard ibus --ibus", with: "keyboard ibus --ibus --key-deadline 60000")
            let session = try String(contentsOfFile: root + "/config/environment.d/60-appex-ibus.conf", encoding: .utf8)
            #expect(session.contains("IBUS_COMPONENT_PATH=\(root)/data/appex/ibus/component:/usr/share/ibus/component"))

            try await withIBusDaemon(componentFiles: ["appex-keyboards.xml": component],
                                     daemonEnvironment: ["APPEX_HOME": root + "/home"]) { daemon in
                #expect(try await daemon.listEngines().contains(Self.pinyin))
                try await IBusTestClient.with(daemon, engine: Self.pinyin) { client in
                    // IBus starts the engine (and it, the keyboard) when the context picks it; keys
                    // before the keyboard shows go to the app, and the auxiliary text says so until then.
                    let starting = try await client.event { $0.event == "auxiliary" && $0.text?.contains("is starting") == true }
                    #expect(starting.text == "Pinyin is starting: keys go to the app until it shows")
                    let after = try #require(client.events.events.firstIndex(of: starting)) + 1
                    try await client.event(from: after) { $0.event == "auxiliary" && $0.visible == false && $0.text == nil }
                    for key in [IBUS_KEY_n, IBUS_KEY_i, IBUS_KEY_h, IBUS_KEY_a, IBUS_KEY_o] { #expect(try await client.key(key)) }
                    try await client.event { $0.event == "preedit" && $0.text == "nihao" }
                    #expect(try await client.key(IBUS_KEY_space))
                    try await client.event { $0.event == "commit" && $0.text == "你好" }
                    for key in [IBUS_KEY_z, IBUS_KEY_h, IBUS_KEY_o, IBUS_KEY_n, IBUS_KEY_g, IBUS_KEY_space,
                                IBUS_KEY_g, IBUS_KEY_u, IBUS_KEY_o, IBUS_KEY_space] { #expect(try await client.key(key)) }
                    try await client.event { $0.event == "commit" && $0.text == "国" }
                    #expect(client.commits == ["你好", "中", "国"], "after 中, guo is 国 first")
                }
            }
        }
    }
}
