import AppExtensions
import ExtensionHost
import ExtensionManifest
import ExtensionRegistry
import Foundation

/// A thousand installed extensions: `appex share --url … --json` end to end against the
/// same binary's process floor (`appex --version`), in-process resolution per share, and
/// the install of one more app (docs/BENCHMARKS.md, "A thousand extensions").
struct RegistrySuite {
    let settings: MeasureSettings
    /// How many extensions to install (rounded up to whole apps of ten).
    let extensionCount: Int
    let corpus: String
    /// Keep the home afterwards (`--keep-registry-home`), printing its path.
    var keepsHome = false
    /// Give every extension a rule text of its own (`--distinct-rules`).
    var distinctRules = false

    func run() async throws -> RegistryResults {
        let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let appex = folder.appendingPathComponent("appex").path
        guard FileManager.default.isExecutableFile(atPath: appex) else {
            throw HostBenchError("""
                the registry suite runs the appex next to appex-bench, and \(appex) does not exist; build it first with the \
                same scratch path and configuration, for example
                  swift build --scratch-path .build-bench -c release --product appex
                """)
        }
        var scale = try ScaleHome(corpus: corpus, distinctRules: distinctRules)
        defer {
            if keepsHome { printError("the registry suite's home is kept: APPEX_HOME=\(scale.home.root.path)") } else { scale.remove() }
        }
        try scale.install(extensions: extensionCount)
        let sorted = scale.installTimes.sorted()

        let host = ExtensionHost(catalog: scale.registry)
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .url(URL(string: "https://www.swift.org")!), typeIdentifier: "public.url")]
        let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "APPEX_HOME": scale.home.root.path]
        let eligible = try await host.resolve([item], point: ExtensionPoint.share).eligible.count

        var spare = 0
        let registry = scale.registry
        let home = scale.home
        // The registry stays unchanged while these run, so the in-process resolution is the
        // one a long-lived host makes per share; "first resolve" is the one of a new process
        // (a new registry value reads the catalog). Install changes the registry, so it runs
        // after them, on its own.
        let shares = [
            InterleavedSampler.Variant(name: "appex --version (process floor)") {
                try await ProgramRun.run(appex, ["--version"], environment: environment, captured: [1]).hasPrefix("0.")
            },
            InterleavedSampler.Variant(name: "appex share --url … --json") {
                try await ProgramRun.run(appex, ["share", "--url", "https://www.swift.org", "--json"], environment: environment,
                                         captured: [1]).contains("\"eligible\"")
            },
            InterleavedSampler.Variant(name: "ExtensionHost.resolve (in process)") {
                try await host.resolve([item], point: ExtensionPoint.share).eligible.count == eligible
            },
            InterleavedSampler.Variant(name: "first resolve of a new registry value") {
                let fresh = ExtensionHost(catalog: try ExtensionRegistry(home: home))
                return try await fresh.resolve([item], point: ExtensionPoint.share).eligible.count == eligible
            },
        ]
        let installs = [
            InterleavedSampler.Variant(name: "install of one more app (10 extensions)", timed: {
                let app = try scale.makeSpareApp(spare)
                spare += 1
                let start = MonotonicClock.now()
                let installed = try registry.install(appAt: app)
                let elapsed = MonotonicClock.now() - start
                _ = try registry.uninstall(bundleIdentifier: installed.application.identifier)
                return (elapsed, installed.application.extensionIdentifiers.count == ScaleHome.extensionsPerApp)
            }),
        ]
        let samples = await InterleavedSampler(settings: settings).run(shares) + InterleavedSampler(settings: settings).run(installs)
        if let error = samples.compactMap(\.firstError).first { throw HostBenchError("registry suite: \(error)") }
        let figures = samples.map(HostFigure.init)
        return RegistryResults(installedApps: scale.apps, installedExtensions: scale.extensions, usableCorpusPlists: scale.usable.count, distinctRules: distinctRules,
                               eligible: eligible, floor: figures[0], cliShare: figures[1], resolve: figures[2], firstResolve: figures[3],
                               install: figures[4],
                               installMedian: sorted[sorted.count / 2], installLast: scale.installTimes.last ?? 0)
    }
}
