import AppExtensions
import ExtensionHost
import Foundation

/// How fast the host ends a run: from `end()`, or from cancelling the task that awaits the
/// run, to the extension's process reaped. The extension (`never-complete`) has begun its
/// request and waits; the host kills its process tree and the pidfd reports the exit.
struct ControlBench {
    /// The installed fixture.
    let fixture: HostFixture
    /// Whether the extension runs under bubblewrap.
    let sandboxed: Bool

    /// `end()` on a session that has begun, to the process reaped.
    func end() -> InterleavedSampler.Variant {
        let host = fixture.host(behavior: "never-complete", sandboxed: sandboxed)
        let installed = fixture.installed
        return InterleavedSampler.Variant(name: "end() → reaped (\(sandboxed ? "bubblewrap" : "no sandbox"))", timed: {
            await host.withSession(installed, items: [ExtensionItem()]) { session in
                for await event in session.events { if case .began = event { break } }
                let start = MonotonicClock.now()
                session.end()
                let ending = await session.processEnded()
                return (MonotonicClock.now() - start, ending != nil)
            }
        })
    }

    /// Cancelling the task that awaits `run`, to the run over (process reaped and report made).
    func cancellation() -> InterleavedSampler.Variant {
        let host = fixture.host(behavior: "never-complete", sandboxed: sandboxed)
        let installed = fixture.installed
        return InterleavedSampler.Variant(name: "cancel → run over (\(sandboxed ? "bubblewrap" : "no sandbox"))", timed: {
            let (began, signal) = AsyncStream.makeStream(of: Void.self)
            let run = Task {
                await host.withSession(installed, items: [ExtensionItem()]) { session in
                    for await event in session.events {
                        if case .began = event { signal.yield() }
                    }
                    return await session.report()
                }
            }
            for await _ in began { break }
            let start = MonotonicClock.now()
            run.cancel()
            let report = await run.value
            guard case .failed(let error) = report.outcome, error.code == .endedByHost else { return (MonotonicClock.now() - start, false) }
            return (MonotonicClock.now() - start, report.ending != nil)
        })
    }
}
