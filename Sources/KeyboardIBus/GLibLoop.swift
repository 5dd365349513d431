import CIBus
import Synchronization

/// A private GLib main context and loop, and a queue of work to run on the thread that runs it.
///
/// libibus and GDBus deliver D-Bus calls and signals only through a GLib main context, so
/// IBus I/O needs a GLib loop; each `withIBusEngines` call runs one on a thread it owns, over
/// a context of its own (pushed as that thread's default), so nothing else is attached to it
/// and it shares nothing with GLib's global default context.
///
/// `@unchecked Sendable`: `context` and `loop` never change, and the GLib calls made on them
/// from other threads (`g_source_attach`, `g_main_loop_quit`) are thread-safe; the queue is
/// behind a mutex.
package final class GLibLoop: @unchecked Sendable {
    /// The private `GMainContext`.
    let context: OpaquePointer
    /// The `GMainLoop` over `context`.
    let loop: OpaquePointer
    private let queue = Mutex(Queue())

    private struct Queue {
        var work: [@Sendable () -> Void] = []
        var drainScheduled = false
        var closed = false
    }

    /// A new context and loop, not running yet.
    package init() {
        context = g_main_context_new()
        loop = g_main_loop_new(context, 0)
    }

    deinit {
        g_main_loop_unref(loop)
        g_main_context_unref(context)
    }

    /// Queues `body` to run on the loop thread after everything queued before it.
    ///
    /// Returns false, and drops `body`, once the loop has finished; work queued before that
    /// always runs.
    @discardableResult
    package func perform(_ body: @escaping @Sendable () -> Void) -> Bool {
        let scheduleDrain: Bool? = queue.withLock { queue in
            if queue.closed { return nil }
            queue.work.append(body)
            if queue.drainScheduled { return false }
            queue.drainScheduled = true
            return true
        }
        guard let scheduleDrain else { return false }
        if scheduleDrain { attachDrainSource() }
        return true
    }

    /// Makes the loop return from `run()`, after the work queued before this call.
    package func quit() {
        perform { [self] in g_main_loop_quit(loop) }
    }

    /// Runs the loop on the calling thread until `quit()`, with the context as the thread's
    /// default for `setUp` (which creates the D-Bus objects) and `tearDown`. Then runs the
    /// work still queued and refuses more.
    package func run(setUp: () -> Bool, tearDown: () -> Void) {
        g_main_context_push_thread_default(context)
        if setUp() {
            g_main_loop_run(loop)
        }
        tearDown()
        while let work = takeWorkOrClose() {
            work.forEach { $0() }
        }
        g_main_context_pop_thread_default(context)
    }

    private func takeWorkOrClose() -> [@Sendable () -> Void]? {
        queue.withLock { queue in
            if queue.work.isEmpty {
                queue.closed = true
                return nil
            }
            defer { queue.work.removeAll() }
            return queue.work
        }
    }

    private func drain() {
        let work = queue.withLock { queue in
            queue.drainScheduled = false
            defer { queue.work.removeAll() }
            return queue.work
        }
        work.forEach { $0() }
    }

    /// An idle source that drains the queue once. It holds `self` unretained: it is dispatched
    /// only while `run()` runs, and `run()`'s caller holds the loop.
    private func attachDrainSource() {
        let source = g_idle_source_new()
        g_source_set_callback(source, { data in
            guard let data else { return 0 }
            Unmanaged<GLibLoop>.fromOpaque(data).takeUnretainedValue().drain()
            return 0  // G_SOURCE_REMOVE
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
        g_source_attach(source, context)
        g_source_unref(source)
    }
}
