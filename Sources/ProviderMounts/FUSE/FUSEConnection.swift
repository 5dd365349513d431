import CFUSEBridge
import ExtensionIPC
import Foundation
import Synchronization
import SystemSupport

/// A FUSE session mounted at a folder and served on Appex's event loop: the kernel's
/// requests arrive as ``requests``, each to be answered through its ``FUSEReply``.
///
/// libfuse's own loops (`fuse_session_loop_mt`) would add a thread pool that blocks in
/// `read`; libfuse documents the alternative used here: watch `fuse_session_fd` and call
/// `fuse_session_receive_buf` and `fuse_session_process_buf` when it is readable.
final class FUSEConnection: Sendable {
    /// The kernel's requests, until the folder is unmounted or ``close()`` is called.
    let requests: AsyncStream<FUSERequest>
    let mountpoint: URL

    private let sink: AsyncStream<FUSERequest>.Continuation
    private let loop: EventLoop
    /// libfuse's session: used by the loop's handler and by ``invalidate`` (libfuse's notify
    /// calls are thread-safe); taken on the loop's thread by ``close()``, which frees it once
    /// the handler can no longer run and every other user is gone.
    private let session: Mutex<SessionPointer?>
    private let registration: Mutex<EventLoop.Registration?>

    // @unchecked Sendable: a pointer to libfuse's session, whose users are listed above.
    private struct SessionPointer: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// Mounts `mountpoint` with libfuse's `options`.
    init(mountpoint: URL, options: [String], loop: EventLoop) throws(ProviderMountError) {
        self.mountpoint = mountpoint
        self.loop = loop
        (requests, sink) = AsyncStream.makeStream(of: FUSERequest.self)
        session = Mutex(nil)
        registration = Mutex(nil)
        var error = [CChar](repeating: 0, count: 512)
        let box = Unmanaged.passUnretained(self).toOpaque()
        let pointer = error.withUnsafeMutableBufferPointer { buffer in
            appex_fuse_mount(mountpoint.path, options.joined(separator: ","), { context, request in
                guard let context, let request else { return }
                let connection = Unmanaged<FUSEConnection>.fromOpaque(context).takeUnretainedValue()
                connection.sink.yield(FUSERequest(request))
            }, box, buffer.baseAddress, buffer.count)
        }
        guard let pointer else {
            let text = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ProviderMountError(.mountFailed, "cannot mount \(mountpoint.path): \(text)")
        }
        session.withLock { $0 = SessionPointer(pointer: pointer) }
        let fd = appex_fuse_descriptor(pointer)
        do {
            let registered = try loop.register(fd, interest: .read) { [self] _ in serveReady() }
            registration.withLock { $0 = registered }
        } catch {
            appex_fuse_unmount_and_free(pointer)
            session.withLock { $0 = nil }
            throw ProviderMountError(.mountFailed, "cannot watch the FUSE device of \(mountpoint.path): \(error.message)")
        }
    }

    /// On the loop's thread: the kernel has requests. The handler yields each and returns
    /// at once; nothing here waits.
    private func serveReady() {
        guard let pointer = session.withLock({ $0?.pointer }) else { return }
        if appex_fuse_serve_ready(pointer) < 0 { stopWatching() }
    }

    private func stopWatching() {
        if let registered = registration.withLock({ $0.take() }) { loop.deregister(registered) }
        sink.finish()
        wakeUnmountedWaiters(ended: true)
    }

    /// Whether the kernel's requests ended, and who waits for it.
    private let ending = Mutex<(ended: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// Returns once the folder is unmounted (or ``wakeUnmountedWaiters(ended:)`` is called).
    func unmountedSignal() async {
        await withCheckedContinuation { continuation in
            let ended = ending.withLock { state -> Bool in
                if !state.ended { state.waiters.append(continuation) }
                return state.ended
            }
            if ended { continuation.resume() }
        }
    }

    /// Resumes whoever waits in ``unmountedSignal()``; with `ended`, later waits return at once.
    func wakeUnmountedWaiters(ended: Bool = false) {
        let waiters = ending.withLock { state in
            if ended { state.ended = true }
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume() }
    }

    /// Asks the kernel to forget what it cached of `inode`, or of `name` in `inode`.
    /// Blocking: call it off the loop and Swift's shared threads.
    /// Only while the mount's requests are served (before ``close()``).
    func invalidate(_ inode: UInt64, name: String? = nil) {
        guard let pointer = session.withLock({ $0?.pointer }) else { return }
        if let name { _ = appex_fuse_invalidate_entry(pointer, inode, name) } else { _ = appex_fuse_invalidate_inode(pointer, inode) }
    }

    /// Unmounts (if still mounted) and ends ``requests``. The watch ends on the loop's thread,
    /// so no handler runs after it; the unmount (which runs fusermount3) runs off it.
    func close() async {
        let taken = await withCheckedContinuation { (continuation: CheckedContinuation<SessionPointer?, Never>) in
            loop.execute { [self] in
                stopWatching()
                continuation.resume(returning: session.withLock { $0.take() })
            }
        }
        if let taken { await Offload.perform { appex_fuse_unmount_and_free(taken.pointer) } }
    }
}
