import Glibc
import Testing
@testable import TransferService

/// An upload's file is closed once the request is over and no read of it runs, whichever
/// ends last, and is never read after it is closed.
///
/// The file under test is a pipe's write end: its read end says whether it is still open
/// (`EAGAIN`) or closed (end of file), which a number the kernel may give to another file
/// could not.
@Suite("BodyFile")
struct BodyFileTests {
    enum Ending: String, CaseIterable, CustomTestStringConvertible {
        case noReadRunning = "the request ends with no read running: closed at once"
        case readRunning = "a read runs when the request ends: closed when the read ends"
        case readAfterTheEnd = "a read asked for after the request ended throws, and never sees the file"
        case neverEnded = "a file dropped without the request's end is closed all the same"
        var testDescription: String { rawValue }
    }

    @Test(arguments: Ending.allCases)
    func closes(_ ending: Ending) throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        try #require(fcntl(ends[0], F_SETFL, O_NONBLOCK) == 0)
        defer { close(ends[0]) }
        switch ending {
        case .noReadRunning:
            let body = BodyFile(taking: ends[1])
            #expect(isOpen(ends[0]))
            body.requestEnded()
            #expect(!isOpen(ends[0]))
        case .readRunning:
            let body = BodyFile(taking: ends[1])
            let sawOpen = try body.read { descriptor in
                body.requestEnded()
                return descriptor == ends[1] && isOpen(ends[0])
            }
            #expect(sawOpen, "the file was closed under a running read")
            #expect(!isOpen(ends[0]))
        case .readAfterTheEnd:
            let body = BodyFile(taking: ends[1])
            body.requestEnded()
            #expect(throws: BodyFile.RequestOver.self) {
                try body.read { _ in Issue.record("the read ran after the request ended") }
            }
        case .neverEnded:
            var body: BodyFile? = BodyFile(taking: ends[1])
            #expect(body != nil && isOpen(ends[0]))
            body = nil
            #expect(!isOpen(ends[0]))
        }
    }

    /// Whether the pipe's write end is open, seen from its read end.
    private func isOpen(_ readEnd: Int32) -> Bool {
        var byte: UInt8 = 0
        return read(readEnd, &byte, 1) < 0 && errno == EAGAIN
    }
}
