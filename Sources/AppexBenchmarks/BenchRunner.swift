import Foundation

/// Runs the suites the options select and prints their reports.
struct BenchRunner {
    /// The parsed command line.
    let options: BenchOptions

    /// Runs; returns the exit status.
    func run() -> Int32 {
        let measurer = Measurer(settings: options.settings)
        var json = BenchReportJSON()
        if options.suite != .predicate {
            json.types = TypesSuite(measurer: measurer).run()
            json.fileDetection = FileDetectionSuite(measurer: measurer).run()
            if !options.json {
                print(TypesReport.render(title: "Type conformance (per check)", rows: json.types))
                print(TypesReport.render(title: "File type detection (per file)", rows: json.fileDetection))
            }
        }
        if options.suite != .types {
            do {
                json.predicates = try runPredicates(measurer)
            } catch {
                printError("\(error)")
                return 1
            }
            if !options.json {
                print(PredicateReport.render(json.predicates, gnustepRan: options.gnustepPeer != nil))
            }
        }
        if options.json { print(json.text()) }
        return 0
    }

    private func runPredicates(_ measurer: Measurer) throws -> [PredicateCaseResult] {
        var cases = try PredicateCase.load(path: options.casesPath)
        if let filter = options.filter { cases = cases.filter { $0.name.contains(filter) } }
        let gnustep = options.gnustepPeer.map { (peer: GNUstepPeer(executable: $0), casesPath: options.casesPath) }
        return try PredicateSuite(measurer: measurer, gnustep: gnustep).run(cases)
    }
}

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("appex-bench: \(message)\n".utf8))
}
