import Foundation

/// Runs the suites the options select and prints their reports.
struct BenchRunner {
    /// The parsed command line.
    let options: BenchOptions

    /// Runs; returns the exit status.
    func run() async -> Int32 {
        let measurer = Measurer(settings: options.settings)
        var json = BenchReportJSON()
        if options.suite == .types || options.suite == .all {
            json.types = TypesSuite(measurer: measurer).run()
            json.fileDetection = FileDetectionSuite(measurer: measurer).run()
            if !options.json {
                print(TypesReport.render(title: "Type conformance (per check)", rows: json.types))
                print(TypesReport.render(title: "File type detection (per file)", rows: json.fileDetection))
            }
        }
        if options.suite == .predicate || options.suite == .all {
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
        var host: HostResults?
        if options.suite == .host || options.suite == .all {
            do {
                host = try await HostSuite(settings: options.settings).run()
            } catch {
                printError("host suite: \(error)")
                if options.suite == .host { return 1 }
            }
            if let host, !options.json { print(HostReport.render(host)) }
        }
        if options.suite == .transfers || options.suite == .all {
            do {
                let results = try await TransferSuite(rounds: options.transferRounds, bytes: options.transferBytes).run()
                json.transfers = results
                if !options.json { print(TransferReport.render(results)) }
            } catch {
                printError("transfers suite: \(error)")
                if options.suite == .transfers { return 1 }
            }
        }
        if options.suite == .soak {
            do {
                let results = try await TransferSoak(transfers: options.soakTransfers, kills: options.soakKills,
                                                     maximumBytes: options.soakBytes).run()
                json.soak = results
                if !options.json { print(SoakReport.render(results)) }
                if !results.passed { return 1 }
            } catch {
                printError("soak: \(error)")
                return 1
            }
        }
        if options.suite == .pages || options.suite == .all {
            do {
                let results = try await PageSuite(rounds: options.pageRounds).run()
                json.pages = results
                if !options.json { print(PageReport.render(results)) }
            } catch {
                printError("pages suite: \(error)")
                if options.suite == .pages { return 1 }
            }
        }
        if options.suite == .registry || options.suite == .all {
            do {
                let results = try await RegistrySuite(settings: options.settings, extensionCount: 1_000,
                                                      corpus: "Tests/Corpus/extension-plists", keepsHome: options.keepsRegistryHome,
                                                      distinctRules: options.distinctRules).run()
                json.registry = results
                if !options.json { print(RegistryReport.render(results)) }
            } catch {
                printError("registry suite: \(error)")
                if options.suite == .registry { return 1 }
            }
        }
        if options.suite == .keyboard || options.suite == .all {
            do {
                let results = try await KeyboardSuite(keys: 500).run()
                json.keyboard = results
                if !options.json { print(KeyboardReport.render(results)) }
            } catch {
                printError("keyboard suite: \(error)")
                if options.suite == .keyboard { return 1 }
            }
        }
        if options.suite == .widgets || options.suite == .all {
            do {
                let results = try await WidgetSuite(rounds: options.settings.rounds).run()
                json.widgets = results
                if !options.json { print(WidgetReport.render(results)) }
            } catch {
                printError("widgets suite: \(error)")
                if options.suite == .widgets { return 1 }
            }
        }
        if options.suite == .memory {
            do {
                let builds = options.memoryBuilds.isEmpty
                    ? [MemorySuite.Build(label: "debug", products: URL(fileURLWithPath: ".build/debug", isDirectory: true))] : options.memoryBuilds
                let results = try await MemorySuite(builds: builds, rounds: options.settings.rounds).run()
                json.memory = results
                if !options.json { print(MemoryReport.render(results)) }
            } catch {
                printError("memory suite: \(error)")
                return 1
            }
        }
        if options.json { print(HostReport.json(json, host: host)) }
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
