import ExtensionHost
import ExtensionUI
import Foundation
import LoopbackWeb
import Synchronization

/// A custom keyboard's keys in a small browser window: the on-screen panel of the IBus
/// engine, where a person sees the keyboard's keys and candidates and clicks them.
///
/// ```swift
/// try await KeyboardPanel.with { panel, url in
///     // open `url` in a window (WebBrowser's window mode), then:
///     await host.withKeyboard(keyboard, client: field) { typing in
///         await panel.showing(typing, name: keyboard.displayName) {
///             // keys typed and clicks in the panel reach the keyboard until this returns
///         }
///     }
/// }
/// ```
///
/// The page is served as the share sheet's: on 127.0.0.1 only, under a random secret
/// (`/k/<secret>/`), with a WebSocket that takes only the page's own origin. Every page open
/// on it shows the same keyboard; a click taps the key in the keyboard's process
/// (``KeyboardTyping/tap(_:)``), as a touch on iOS does. docs/KEYBOARDS.md, "The on-screen panel".
public final class KeyboardPanel: Sendable {
    /// A keyboard the panel shows.
    struct Showing: Sendable {
        let number: Int
        let name: String
        let typing: KeyboardTyping
    }

    struct State: Sendable {
        var showing: Showing?
        /// Each open page's outbox, and each watcher's (``watch()``).
        var pages: [Int: AsyncStream<KeyboardPanelContent>.Continuation] = [:]
        var nextPage = 0
        var nextShowing = 0
        /// Where the page's WebSocket may come from, once the port is known.
        var origin: String?
        /// The server is ending: pages that come are closed at once.
        var ended = false
    }

    let token = SecretToken()
    let state = Mutex(State())
    /// Where the window should go: the newest place only (a caret that moves fast moves
    /// the window once it has caught up).
    let placementStream: AsyncStream<Anchor>
    let placementSink: AsyncStream<Anchor>.Continuation

    init() {
        (placementStream, placementSink) = AsyncStream.makeStream(of: Anchor.self, bufferingPolicy: .bufferingNewest(1))
    }

    deinit {
        placementSink.finish()
    }

    /// Where the app's insertion point is on the screen, in pixels: a caret's rectangle.
    public struct Anchor: Hashable, Sendable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }

        /// Where the panel's window goes: below the caret, its left edge at the caret's.
        public var windowOrigin: (left: Int, top: Int) { (x, y + height + 6) }
    }

    /// The app's insertion point moved (IBus's `set_cursor_location`): the panel's window
    /// should follow it (``placements``).
    public func insertionPointMoved(to anchor: Anchor) {
        placementSink.yield(anchor)
    }

    /// Where the panel's window should go, as the insertion point moves: for the one task
    /// that places the window. It ends when the panel does.
    public var placements: AsyncStream<Anchor> { placementStream }

    /// What the panel shows now.
    public var content: KeyboardPanelContent {
        state.withLock { Self.content(of: $0) }
    }

    /// Shows `typing`'s keyboard, called `name`, while `body` runs: its keys as its view
    /// lays them out, kept up to date as it changes them (it reads the typing's events, so
    /// nothing else may), and clicks on them tapped in its process. Then the panel says no
    /// keyboard is typing, unless another keyboard showed meanwhile.
    public func showing<T, Failure: Error>(_ typing: KeyboardTyping, name: String,
                                           _ body: () async throws(Failure) -> T) async throws(Failure) -> T {
        let number = state.withLock { state in
            state.nextShowing += 1
            state.showing = Showing(number: state.nextShowing, name: name, typing: typing)
            return state.nextShowing
        }
        refresh()
        let result = await withTaskGroup(of: Void.self, returning: Result<T, Failure>.self) { group in
            group.addTask { [self] in
                for await event in typing.events {
                    if case .view = event { refresh() }
                }
                // The keyboard's run is over (it failed): the panel says why.
                refresh()
            }
            let result: Result<T, Failure>
            do throws(Failure) {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
            group.cancelAll()
            return result
        }
        state.withLock { state in
            if state.showing?.number == number { state.showing = nil }
        }
        refresh()
        return try result.get()
    }

    /// Sends every page what the panel shows now: after a change the keyboard's view does
    /// not report (the field became secure, the keyboard failed).
    public func refresh() {
        state.withLock { state in
            let content = Self.content(of: state)
            for page in state.pages.values { page.yield(content) }
        }
    }

    /// What the panel shows now, then everything it sends its pages, as a page sees it;
    /// it ends when the panel does.
    package func watch() -> AsyncStream<KeyboardPanelContent> {
        let (stream, continuation) = AsyncStream.makeStream(of: KeyboardPanelContent.self)
        _ = subscribe(continuation)
        return stream
    }

    /// Adds `outbox` to those the panel sends to, with what it shows now; its number, or
    /// `nil` (and the outbox finished) when the panel has ended.
    func subscribe(_ outbox: AsyncStream<KeyboardPanelContent>.Continuation) -> Int? {
        let number = state.withLock { state -> Int? in
            guard !state.ended else { return nil }
            state.nextPage += 1
            state.pages[state.nextPage] = outbox
            outbox.yield(Self.content(of: state))
            return state.nextPage
        }
        guard let number else {
            outbox.finish()
            return nil
        }
        outbox.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.pages.removeValue(forKey: number) }
        }
        return number
    }

    /// Taps the element `id` of showing `number`, as a click in the page does; `false` when
    /// that keyboard no longer shows, or did not take the tap (it failed, or the field is secure).
    package func tap(_ id: Int, showing number: Int) async -> Bool {
        guard let showing = state.withLock({ $0.showing }), showing.number == number else { return false }
        guard let reply = await showing.typing.tap(id) else {
            refresh()
            return false
        }
        return reply.refusal == nil
    }

    static func content(of state: State) -> KeyboardPanelContent {
        guard let showing = state.showing else { return .idle }
        return KeyboardPanelContent(showing: showing.number, name: showing.name, typing: showing.typing)
    }
}
