// libFuzzer target for the host–extension wire (`wire`): what a hostile peer writes on the
// channel, as the host reads it.
//
// The input's first byte shapes the delivery: its low two bits are how many descriptors (of
// /dev/null) arrive with the first read, the rest the size of each read (16 bytes per step;
// 0 is one byte at a time). The remaining bytes are the stream: cut into those reads, fed to
// FrameDecoder, and every frame it gives is read as a WireMessage, as the host does. A message
// that reads is written again and read back: the same kind, and the same payload tree when
// written a second time. A crash, a hang, a refusal of our own output, a changed message or a
// descriptor left open (the process would run out of them) is a finding.
//
// Its seeds, Fuzz/seeds-wire/, are the frames of Tests/ExtensionHostTests WireMessageTests'
// messages; that test checks them and writes them again with APPEX_RECORD_SNAPSHOTS=1.

import ExtensionIPC
import ExtensionWire
import Foundation
import Glibc
import PropertyLists

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    let control = data[0]
    let stream = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let readSize = max(1, Int(control >> 2) * 16)
    var descriptors = (0..<Int(control & 3)).map { _ in OwnedFileDescriptor(taking: open("/dev/null", O_RDONLY | O_CLOEXEC)) }
    var decoder = FrameDecoder()
    var offset = 0
    reading: while offset < stream.count {
        let end = min(stream.count, offset + readSize)
        do {
            try decoder.append(stream[offset..<end], descriptors: descriptors)
        } catch {
            break reading
        }
        descriptors = []
        offset = end
        while true {
            let frame: Frame?
            do {
                frame = try decoder.nextFrame()
            } catch {
                break reading
            }
            guard let frame else { break }
            check(frame)
        }
    }
    return 0
}

/// Reads `frame` as the host does; a message that reads must write and read back unchanged.
func check(_ frame: Frame) {
    guard let message = try? WireMessage(frame) else { return }
    let written: Frame
    do {
        written = try message.frame()
    } catch {
        fatalError("a \(message.name) message that was read cannot be written: \(error)")
    }
    let reread: WireMessage
    do {
        reread = try WireMessage(written)
    } catch {
        fatalError("our own \(message.name) frame does not read: \(error)")
    }
    guard reread.kind == message.kind else { fatalError("a \(message.name) message read back as \(reread.name)") }
    let first = tree(written.payload), second = tree((try? reread.frame())?.payload ?? Data())
    guard let first, let second, first.isEqualIgnoringPositions(second) else {
        fatalError("a \(message.name) message changed when written again")
    }
}

func tree(_ payload: Data) -> PropertyListNode? {
    (try? PropertyListDocument.parse(payload, fileName: "payload"))?.root.withoutPositions
}
