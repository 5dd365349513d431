import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation
import SystemSupport

extension ExtensionHost {
    /// Runs `installed` on `items` in its own process for as long as `body` runs.
    ///
    /// ```swift
    /// let report = await host.withSession(installed, items: items) { session in
    ///     for await event in session.events { if case .openURL(let url, _) = event { print(url) } }
    ///     return await session.report()
    /// }
    /// ```
    ///
    /// The extension gets its items as descriptions; its loads come back here and are
    /// served from `items`' providers (files as read-only descriptors) as child tasks of
    /// the session. Leaving `body` — returning, throwing, or the caller's task being
    /// cancelled — ends the extension (`ended-by-host` if it had not finished) and reaps
    /// it before this returns. Every failure — no sandbox, a crash, a limit, garbage on the
    /// wire — is a report with its own ``ExtensionHostError`` code, never a crash of the
    /// host.
    public func withSession<Result, Failure: Error>(
        _ installed: InstalledExtension, items: [ExtensionItem],
        configuration: ExtensionContext.Configuration? = nil,
        _ body: (ExtensionSession) async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        try await withSession(installed, items: items, configuration: configuration, keyboard: nil, body)
    }

    /// ``withSession(_:items:configuration:_:)``, for a keyboard with its first field.
    package func withSession<Result, Failure: Error>(
        _ installed: InstalledExtension, items: [ExtensionItem],
        configuration: ExtensionContext.Configuration?, keyboard: KeyboardSetup?, fileProvider: FileProviderSetup? = nil,
        _ body: (ExtensionSession) async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        // A registry's record reads its bundle when first asked for: off the shared threads,
        // once, before the session needs its app's URL schemes and identifier.
        let bundle = await Offload.perform(on: Self.launchReads) { installed.bundle }
        let contextConfiguration = configuration ?? ExtensionContext.Configuration(
            containingAppURLSchemes: Set(bundle.containingApp?.info.urlSchemes ?? []))
        let session = await ExtensionSession(host: self, installed: installed, items: items, configuration: contextConfiguration,
                                             keyboard: keyboard, fileProvider: fileProvider)
        // The conversation runs on the event loop's thread (its loads and sends inherit the
        // preference), so a busy cooperative pool cannot delay it. It is this scope's task:
        // awaited before the scope returns, and not cancelled with the caller, because it is
        // also what ends and reaps the extension when the caller is cancelled.
        let driver = Task(executorPreference: session.loop) { await session.drive() }
        let outcome: Swift.Result<Result, Failure> = await withTaskCancellationHandler {
            let outcome: Swift.Result<Result, Failure>
            do throws(Failure) {
                outcome = .success(try await body(session))
            } catch {
                outcome = .failure(error)
            }
            session.end()
            return outcome
        } onCancel: {
            session.end()
        }
        await driver.value
        return try outcome.get()
    }

    /// Runs `installed` on `items` in its own process and reports how it went.
    ///
    /// `control`, when given, lets the caller send host state changes or end the run.
    /// Cancelling the calling task ends the run at once (`ended-by-host`).
    public func run(_ installed: InstalledExtension, items: [ExtensionItem],
                    configuration: ExtensionContext.Configuration? = nil,
                    control: ExtensionRunControl? = nil) async -> ExtensionRunReport {
        await withSession(installed, items: items, configuration: configuration) { session in
            control?.attach(session)
            return await session.report()
        }
    }
}
