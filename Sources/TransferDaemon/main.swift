// appex-transfersd: the transfer service as its own small executable.
//
// `appex transfers serve` replaces itself with this program when it lies beside `appex`
// (same pid, so systemd's LISTEN_PID and the starter's pidfd still name it). It links
// only what the service uses: `appex` links the whole command line, libvips and Chromium's
// helpers included, whose mapped pages alone put the service over its memory goal
// (docs/BENCHMARKS.md). Its arguments are set by `appex transfers serve`, not by people:
//
//     appex-transfersd --home DIR [--listen-fd N] [--administrator PATH]
//
// --administrator names the `appex` that started it: its processes (the user's command
// line) may see and cancel every task, as the service's own executable may.

import TransferWire
import DeviceLayout
import Foundation
import Glibc
import TransferService

/// Exits with status 64 after saying what was wrong with the arguments.
func usage(_ problem: String) -> Never {
    FileHandle.standardError.write(Data("appex-transfersd: \(problem)\nusage: appex-transfersd --home DIR [--listen-fd N] [--administrator PATH]\n".utf8))
    exit(64)
}

var home: AppexHome?
var administrators: [String] = []
var listener = TransferServer.activatedListener()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--home":
        guard let path = arguments.popFirst(), path.hasPrefix("/") else { usage("--home needs an absolute path") }
        home = AppexHome(root: URL(fileURLWithPath: path, isDirectory: true))
    case "--listen-fd":
        guard let text = arguments.popFirst(), let fd = Int32(text), fd >= 0 else { usage("--listen-fd needs a descriptor number") }
        listener = fd
    case "--administrator":
        guard let path = arguments.popFirst(), path.hasPrefix("/") else { usage("--administrator needs an absolute path") }
        administrators.append(path)
    default:
        usage("unknown argument '\(argument)'")
    }
}
guard let home else { usage("--home is required") }

do throws(TransferServiceError) {
    try await TransferServer.installed(home: home, administrators: administrators).run(listener: listener)
} catch {
    FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
    exit(1)
}
