import ExtensionIPC
import Foundation
import Glibc
import Synchronization
import Testing

/// Headless Chromium (Debian `chromium`) for the share sheet's tests, driven over the
/// DevTools protocol; exists only inside ``with(_:)``.
struct ChromiumBrowser {
    static let executable = "/usr/bin/chromium"
    let devTools: DevToolsConnection

    /// Starts Chromium with a fresh profile, runs `body`, then ends Chromium and removes
    /// the profile.
    static func with<T>(_ body: (ChromiumBrowser) async throws -> T) async throws -> T {
        // One browser at a time across every suite: several at once (each with renderer and
        // frame processes) starve the rest of the test run on a two-core machine.
        await BrowserTurn.shared.take()
        defer { BrowserTurn.shared.give() }
        try #require(FileManager.default.isExecutableFile(atPath: executable), "Chromium is missing: install the Debian package chromium")
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("appex-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                             "--disable-extensions", "--remote-debugging-port=0", "--remote-allow-origins=*", "--user-data-dir=\(profile.path)",
                             "--lang=en-US", "--font-render-hinting=none", "about:blank"]
        // Its own temporary files (the singleton's socket folder) go into the profile, and
        // leave with it.
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": profile.path]) { _, new in new }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let loop = try EventLoop.shared()
        let devTools: DevToolsConnection
        do {
            devTools = DevToolsConnection(url: try await devToolsURL(from: errors.fileHandleForReading.fileDescriptor, loop: loop))
        } catch {
            await end(process, devTools: nil, profile: profile, loop: loop)
            throw error
        }
        do {
            let result = try await body(ChromiumBrowser(devTools: devTools))
            await end(process, devTools: devTools, profile: profile, loop: loop)
            return result
        } catch {
            await end(process, devTools: devTools, profile: profile, loop: loop)
            throw error
        }
    }

    /// Closes the browser, waits until it and every process it started have ended, and
    /// removes the profile.
    ///
    /// The browser's helpers (the network service, the renderers) outlive it for a moment
    /// and write into the profile as they end: removing it when the browser alone had ended
    /// left it behind, with their files, after most runs.
    private static func end(_ process: Process, devTools: DevToolsConnection?, profile: URL, loop: EventLoop) async {
        let watch = ExitWatch(ProcessTree.members(of: process.processIdentifier), loop: loop)
        if let devTools {
            _ = try? await devTools.send("Browser.close", deadline: .seconds(10))
            await devTools.close()
        }
        if process.isRunning { process.terminate() }
        await watch.wait(within: .seconds(30))
        // Ended (or past the bound, where SIGKILL ends it): this reaps it.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: profile)
    }

    /// Reads Chromium's standard error until it says where DevTools listens (at most 120 s,
    /// waiting on the event loop: a cold start on two busy cores has taken over 30 s).
    private static func devToolsURL(from descriptor: Int32, loop: EventLoop) async throws -> String {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let deadline = ContinuousClock.now + .seconds(120)
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                text += String(decoding: buffer[0..<count], as: UTF8.self)
                if let range = text.range(of: #"ws://[^\s]+"#, options: .regularExpression) { return String(text[range]) }
                continue
            }
            if count == 0 { break }
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await loop.waitUntilReadable(descriptor) }
                group.addTask { await loop.sleep(for: .seconds(1)) }
                await group.next()
                group.cancelAll()
            }
        }
        throw DevToolsError(message: "Chromium did not say where DevTools listens; it printed: \(text.suffix(500))")
    }

    /// Opens `url` in a new page of `width`×`height` CSS pixels.
    func open(_ url: URL, width: Int = 520, height: Int = 860) async throws -> BrowserPage {
        let target = try await devTools.send("Target.createTarget", ["url": "about:blank"])
        let targetID = try #require(target["targetId"] as? String)
        let attached = try await devTools.send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        let page = BrowserPage(devTools: devTools, session: try #require(attached["sessionId"] as? String), targetID: targetID)
        _ = try await page.send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500])
        _ = try await page.send("Page.enable")
        // Out-of-process frames (an extension's sandboxed interface) attach as they commit.
        _ = try await page.send("Target.setAutoAttach", ["autoAttach": true, "waitForDebuggerOnStart": false, "flatten": true])
        _ = try await page.send("Page.navigate", ["url": url.absoluteString])
        return page
    }
}

/// The turn to run a browser: taken and given back in order, waiters suspended (no polling).
final class BrowserTurn: Sendable {
    static let shared = BrowserTurn()
    private let state = Mutex<(busy: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    /// Waits until no other test runs a browser.
    func take() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if !state.busy { state.busy = true; return true }
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Hands the turn to the next waiter, if any.
    func give() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiting.isEmpty { state.busy = false; return nil }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
