import ExtensionIPC
import ExtensionWire
import Foundation
import Glibc

extension Fixture {
    /// Does `behavior` if it is one of the misbehaviours a share request and a widget update
    /// share (a crash, a hang, a memory bomb, garbage or a flood on the wire); `false` for
    /// any other behaviour. None of them returns to the caller: each ends the process, or
    /// waits for the host to end it.
    static func misbehave(_ behavior: FixtureBehavior) -> Bool {
        switch behavior {
        case .crash:
            crash()
            waitToBeEnded()
        case .trap:
            fatalError("the fixture trapped on purpose")
        case .hang:
            waitToBeEnded()
        case .hold:
            // The test opened the FIFO for reading first, so this open does not wait. Then the
            // process becomes sleep(1), keeping the FIFO (not close-on-exec) and nothing of
            // the runtime, which would exit when the host's channel closes: only the sandbox
            // can end it once its host is gone. It keeps the channel (descriptor 3) open too,
            // unread, so that the host does not end the run itself on seeing it close.
            let fifo = open((ProcessInfo.processInfo.environment["HOME"] ?? "/nonexistent") + "/ready.fifo", O_WRONLY)
            _ = fcntl(3, F_SETFD, 0)
            if fifo >= 0 { _ = write(fifo, "ready\n", 6) }
            let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup("infinity"), nil]
            execv("/usr/bin/sleep", arguments)
            waitToBeEnded()
        case .forkBomb:
            forkBomb()
        case .bomb:
            var hoard: [UnsafeMutableRawPointer] = []
            while true {
                guard let block = malloc(8 << 20) else { continue }
                memset(block, 1, 8 << 20)
                hoard.append(block)
            }
        case .garbage:
            let junk = [UInt8]("this is not a frame, just noise on the wire".utf8)
            _ = write(3, junk, junk.count)
            waitToBeEnded()
        case .oversize:
            // A valid header (APXF, version 1, kind 12, no flags, no descriptors) announcing 2 GiB.
            let header: [UInt8] = Array("APXF".utf8) + [1, 12, 0, 0, 0x7f, 0xff, 0xff, 0xff]
            _ = write(3, header, header.count)
            waitToBeEnded()
        case .flood:
            if let frame = try? WireMessage.misuse(Misuse(code: "flood", message: "again")).frame(),
               let bytes = try? FrameEncoder.encode(frame) {
                while true { _ = write(3, bytes, bytes.count) }
            }
            waitToBeEnded()
        case .unsolicitedPong:
            if let frame = try? WireMessage.pong(Pong(answering: Ping(sequence: 99))).frame(),
               let bytes = try? FrameEncoder.encode(frame) {
                _ = write(3, bytes, bytes.count)
            }
            waitToBeEnded()
        default:
            return false
        }
    }

    /// Starts `sleep SECONDS` (`APPEX_FIXTURE_BOMB_SLEEP`, 600: each ends by itself if a
    /// kill misses it) until `APPEX_FIXTURE_BOMB_BOUND` (64) have started, writing "spawned
    /// N, then EAGAIN" to standard error at the first refusal (or "spawned N" at the bound),
    /// and goes on as a bomb does: after a refusal it tries again at once, so that whenever
    /// a task of its namespace ends (a runtime thread, say) the room is taken again. It never
    /// returns: the host ends it. sleep(1) keeps each process small (under 2 MB resident), so
    /// that the task cap, not the memory cap, is what the bomb meets.
    static func forkBomb() -> Never {
        let environment = ProcessInfo.processInfo.environment
        let bound = environment["APPEX_FIXTURE_BOMB_BOUND"].flatMap { Int($0) } ?? 64
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup(environment["APPEX_FIXTURE_BOMB_SLEEP"] ?? "600"), nil]
        var started = 0
        var told = false
        while started < bound {
            var pid: pid_t = 0
            let result = arguments.withUnsafeBufferPointer { argv in
                // The buffer holds at least its terminating nil.
                argv.baseAddress.map { posix_spawn(&pid, "/usr/bin/sleep", nil, nil, $0, environ) } ?? EINVAL
            }
            if result == 0 {
                started += 1
            } else if !told {
                FileHandle.standardError.write(Data("spawned \(started), then \(errorName(result))\n".utf8))
                told = true
            }
        }
        if !told { FileHandle.standardError.write(Data("spawned \(started)\n".utf8)) }
        waitToBeEnded()
    }

    /// Blocks the calling thread until a signal ends the process (the host's kill): no
    /// timer, nothing to wake it.
    static func waitToBeEnded() -> Never {
        while true { pause() }
    }
}
