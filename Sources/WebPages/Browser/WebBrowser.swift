import ExtensionIPC
import Foundation
import Glibc
import SystemSupport

/// Chromium (the Debian package `chromium`), headless or as one app window, driven over
/// the DevTools protocol on a pipe; it exists only inside ``with(executable:window:startupLimit:_:)``.
///
/// ```swift
/// let chromium = try WebBrowser.locate(nil)
/// try await WebBrowser.with(executable: chromium) { browser in
///     let page = try await browser.open(URL(string: "https://www.swift.org")!)
///     print(page.title)
/// }
/// ```
///
/// Each browser has a fresh profile directory, removed when it ends, so nothing of one
/// run (cookies, storage, cache) reaches another. Chromium's own sandbox confines the
/// pages' renderers; only when the host runs as root, where Chromium refuses its sandbox,
/// is it started with `--no-sandbox` (docs/WEB-PAGES.md).
public final class WebBrowser: Sendable {
    /// The browser's executable.
    public let executable: String
    let client: DevToolsClient
    let process: ChildProcess

    private init(executable: String, client: DevToolsClient, process: ChildProcess) {
        self.executable = executable
        self.client = client
        self.process = process
    }

    /// The browser to run: `explicit` (a path, or a name looked up on `path`), else the
    /// first of `chromium` and `chromium-browser` on `path`.
    public static func locate(_ explicit: String?, path: String? = ProcessInfo.processInfo.environment["PATH"]) throws(WebPageError) -> String {
        if let explicit {
            if explicit.contains("/") {
                let absolute = URL(fileURLWithPath: explicit).standardizedFileURL.path
                guard FileManager.default.isExecutableFile(atPath: absolute) else {
                    throw WebPageError(.browserMissing, "--browser \(explicit): no executable file there")
                }
                return absolute
            }
            guard let found = ExecutableSearch.find(explicit, path: path) else {
                throw WebPageError(.browserMissing, "--browser \(explicit): no such program on PATH")
            }
            return found
        }
        for name in ["chromium", "chromium-browser"] {
            if let found = ExecutableSearch.find(name, path: path) { return found }
        }
        throw WebPageError(.browserMissing, "no Chromium on PATH (looked for chromium and chromium-browser): install the Debian package chromium, or name one with --browser")
    }

    /// Starts the browser with a fresh profile, runs `body`, then ends the browser and
    /// removes the profile, whether `body` returned or threw.
    /// - Parameter startupLimit: how long the browser may take to answer its first DevTools
    ///   call (a cold Chromium on two busy cores has taken over 30 s).
    /// - Parameter window: a window on the person's screen instead of a headless browser.
    public static func with<T: Sendable>(executable: String, window: Window? = nil, startupLimit: Duration = .seconds(60),
                                         _ body: (WebBrowser) async throws -> T) async throws -> T {
        let profile = try await BrowserProfile.make()
        let browser: WebBrowser
        do {
            browser = try await launch(executable: executable, window: window, profile: profile, startupLimit: startupLimit)
        } catch {
            await profile.remove()
            throw error
        }
        do {
            let result = try await body(browser)
            await browser.end()
            await profile.remove()
            return result
        } catch {
            await browser.end()
            await profile.remove()
            throw error
        }
    }

    private static func launch(executable: String, window: Window?, profile: BrowserProfile, startupLimit: Duration) async throws(WebPageError) -> WebBrowser {
        let loop: EventLoop
        do {
            loop = try EventLoop.shared()
        } catch {
            throw WebPageError(.browserFailed, "cannot start the event loop: \(error.message)")
        }
        let (pipe, browserReads, browserWrites) = try DevToolsPipe.make(loop: loop)
        var arguments = ["--remote-debugging-pipe", "--user-data-dir=\(profile.path)",
                         "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--mute-audio"]
        arguments += window?.arguments ?? ["--headless=new", "--disable-gpu", "--hide-scrollbars", "--window-size=1280,800", "about:blank"]
        // Chromium will not start its sandbox as root; as anyone else its sandbox stays on.
        if geteuid() == 0 { arguments.insert("--no-sandbox", at: 0) }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = profile.path
        var configuration = ChildProcess.Configuration(executable: executable, arguments: arguments, environment: environment,
                                                       sandbox: nil, limits: .unlimited,
                                                       descriptors: [3: browserReads, 4: browserWrites], captures: [2])
        // The DevTools pipe is 3 and 4; the channel Chromium never uses goes above them.
        configuration.channelNumber = 5
        let process: ChildProcess
        do {
            process = try await ChildProcess.launch(configuration)
        } catch {
            pipe.close()
            throw WebPageError(.browserFailed, "cannot start \(executable): \(error.message)")
        }
        browserReads.close()
        browserWrites.close()
        let client = DevToolsClient(pipe: pipe, loop: loop)
        let browser = WebBrowser(executable: executable, client: client, process: process)
        do {
            // The first reply says the browser is up and speaks the protocol.
            let _: IgnoredResult = try await client.send("Browser.getVersion", within: startupLimit)
        } catch {
            let output = await process.output(waitingUpTo: .seconds(1))
            await browser.end()
            throw WebPageError(.browserFailed, "\(executable) did not answer on its DevTools pipe (\(error.message))\(output.isEmpty ? "" : "; it printed: " + output.suffix(600))")
        }
        return browser
    }

    /// Waits until the browser has ended on its own (the person closed its window): `true`;
    /// `false` when the calling task is cancelled first.
    public func closed() async -> Bool {
        await process.exit(within: nil) != nil
    }

    /// Closes the browser (politely, then by signal) and waits for its end.
    private func end() async {
        let _: IgnoredResult? = try? await client.send("Browser.close", within: .seconds(5))
        if await process.exit(within: .seconds(5)) == nil {
            await process.terminate(grace: .seconds(2))
        }
        await client.close()
    }

    /// What the browser printed last (at most 16 KiB), for a report of its failure.
    public func output() async -> String {
        await process.output(waitingUpTo: .milliseconds(100))
    }
}
