import Foundation
import TestRules
import Testing
import KeyboardIBus

/// A private ibus-daemon for one test, and the environment its clients need.
struct IBusDaemon: Sendable {
    /// The daemon's own directory: home, XDG directories, socket and component directory.
    let directory: String
    /// Its bus address, `unix:path=<directory>/ibus.sock`.
    let address: String
    /// The environment of a client of this daemon: IBUS_ADDRESS and the private HOME and XDG
    /// directories, with no display and no session bus.
    let environment: [String: String]
    /// Where the daemon reads component XML (`IBUS_COMPONENT_PATH`).
    let componentDirectory: String
    /// Stops the daemon early, for tests of a disconnecting bus.
    let stop: @Sendable () -> Void
}

/// Runs `body` with an ibus-daemon of its own, which is killed and whose directory is removed
/// afterwards.
///
/// The daemon runs headless, under the test client's `supervise` mode: `ibus-daemon
/// --panel=disable --emoji-extension=disable --config=disable --cache=none
/// --address=unix:path=<directory>/ibus.sock` with HOME, XDG_CONFIG_HOME,
/// XDG_CACHE_HOME, XDG_RUNTIME_DIR in a temporary directory, GSETTINGS_BACKEND=memory,
/// IBUS_COMPONENT_PATH set to a directory holding `components`' XML, and no DISPLAY,
/// WAYLAND_DISPLAY or DBUS_SESSION_BUS_ADDRESS. It is ready when the test client's
/// `wait-daemon` mode connects, woken by the address file the daemon writes once it listens.
///
/// `componentFiles` are written into the component directory as they are (file name →
/// content), and `daemonEnvironment` is added to the daemon's own environment (what the
/// engines it starts inherit).
func withIBusDaemon<T>(components: [IBusComponent] = [], componentFiles: [String: String] = [:],
                       daemonEnvironment: [String: String] = [:],
                       _ body: (IBusDaemon) async throws -> T) async throws -> T {
    try requireDependency(TestEnvironment.ibusDaemon != nil, "ibus-daemon is not installed (Debian package ibus): the test is skipped")
    guard let executable = TestEnvironment.ibusDaemon else { throw HarnessError("ibus-daemon is not installed") }
    let directory = FileManager.default.temporaryDirectory.path + "/appex-ibus-" + UUID().uuidString
    let componentDirectory = directory + "/component"
    let runtime = directory + "/runtime"
    for path in [directory + "/home", directory + "/config", directory + "/cache", componentDirectory, runtime] {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for component in components {
        try component.xml().write(toFile: componentDirectory + "/\(component.name).xml", atomically: true, encoding: .utf8)
    }
    for (name, content) in componentFiles {
        try content.write(toFile: componentDirectory + "/" + name, atomically: true, encoding: .utf8)
    }
    let address = "unix:path=\(directory)/ibus.sock"
    let base = [
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "HOME": directory + "/home",
        "XDG_CONFIG_HOME": directory + "/config",
        "XDG_CACHE_HOME": directory + "/cache",
        "XDG_RUNTIME_DIR": runtime,
        "GSETTINGS_BACKEND": "memory",
    ]
    let exits = EventLog<String>()
    // Under the test client's `supervise` mode, which kills ibus-daemon when its standard
    // input ends: when `stop` closes it, or when this process dies.
    let daemonProcess = try ChildProcess(
        name: "ibus-daemon", executable: TestEnvironment.python,
        arguments: [TestEnvironment.clientScript, "supervise", executable, "--panel=disable",
                    "--emoji-extension=disable", "--config=disable", "--cache=none", "--address=" + address],
        environment: base.merging(["IBUS_COMPONENT_PATH": componentDirectory]) { $1 }.merging(daemonEnvironment) { $1 },
        onExit: { exits.append("daemon exited with \($0)") })
    let daemon = IBusDaemon(directory: directory, address: address,
                            environment: base.merging(["IBUS_ADDRESS": address]) { $1 },
                            componentDirectory: componentDirectory, stop: { daemonProcess.closeInput() })
    do {
        let probe = try ChildProcess(name: "wait-daemon", executable: TestEnvironment.python,
                                     arguments: [TestEnvironment.clientScript, "wait-daemon"],
                                     environment: daemon.environment,
                                     onExit: { exits.append($0 == 0 ? "ready" : "probe exited with \($0)") })
        let first = await exits.first { _ in true }
        guard first == "ready" else {
            probe.kill()
            throw HarnessError("ibus-daemon did not start (\(first ?? "?")): \(daemonProcess.standardError)"
                               + " probe: \(probe.standardError)")
        }
        let result = try await body(daemon)
        daemon.stop()
        await daemonProcess.waitForExit()
        return result
    } catch {
        daemon.stop()
        await daemonProcess.waitForExit()
        throw error
    }
}

extension IBusDaemon {
    /// The engine names ibus-daemon lists (the test client's `list-engines` mode).
    func listEngines() async throws -> [String] {
        let process = try ChildProcess(name: "list-engines", executable: TestEnvironment.python,
                                       arguments: [TestEnvironment.clientScript, "list-engines"],
                                       environment: environment)
        let line = await process.lines.first { _ in true }
        await process.waitForExit()
        let event = try line.map { try JSONDecoder().decode(ClientEvent.self, from: Data($0.utf8)) }
        guard let names = event?.names else {
            throw HarnessError("list-engines printed \(line ?? "nothing"): \(process.standardError)")
        }
        return names
    }
}
