// appgroups-worker: the processes of the app-group stress test.
//
//   appgroups-worker defaults-increment <container> <suite> <key> <count>
//   appgroups-worker defaults-set <container> <suite> <key> <string>
//   appgroups-worker defaults-get <container> <suite> <key>
//   appgroups-worker defaults-observe <container> <suite> <notifications>
//   appgroups-worker inbox-append <container> <count> <tag>
//   appgroups-worker inbox-consume <container> <max> <lease-milliseconds>
//   appgroups-worker membership <group>
//
// Each acknowledged operation prints one line on standard output, written with one
// write(2) only after its transaction committed. Exit status: 0 done, 2 usage, 1 failure,
// 3 a received share whose contents do not match what was appended.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    try Worker.run(arguments)
    exit(0)
} catch let failure as WorkerFailure {
    FileHandle.standardError.write(Data("appgroups-worker: \(failure.message)\n".utf8))
    exit(failure.status)
} catch {
    FileHandle.standardError.write(Data("appgroups-worker: \(error)\n".utf8))
    exit(1)
}
