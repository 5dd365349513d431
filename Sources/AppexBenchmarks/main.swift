// appex-bench: the benchmarks of TypeIdentifiers, PredicateFormat and the extension host.
// `swift run -c release appex-bench [types|predicate|host|all] [--gnustep PATH] [--json]`
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(BenchOptions.usage)
    exit(0)
}
do {
    let options = try BenchOptions(arguments: arguments)
    exit(await BenchRunner(options: options).run())
} catch {
    printError("\(error)\n\n\(BenchOptions.usage)")
    exit(2)
}
