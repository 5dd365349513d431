/// What the registry suite measured, for the report and `--json`.
struct RegistryResults: Sendable, Encodable {
    let installedApps: Int
    let installedExtensions: Int
    /// The corpus Info.plists that install alone, which the apps are made of.
    let usableCorpusPlists: Int
    /// Whether every extension's rule was made a text of its own (`--distinct-rules`).
    let distinctRules: Bool
    /// How many extensions the shared URL is eligible for.
    let eligible: Int
    /// `appex --version`: the process floor (the baseline of ``cliShare``).
    let floor: HostFigure
    /// `appex share --url … --json`, no run. Goal: at most 2 × the floor.
    let cliShare: HostFigure
    /// `ExtensionHost.resolve` per share, in process, the registry unchanged since the last
    /// share. Goal: at most 5 ms.
    let resolve: HostFigure
    /// The first resolve of a new registry value (a new process's): the catalog read.
    let firstResolve: HostFigure
    /// The install of one more app of ten extensions. Goal: at most 50 ms.
    let install: HostFigure
    /// The median install while the thousand went in, and the last one, in nanoseconds.
    let installMedian: Double
    let installLast: Double

    var cliRatio: Double { cliShare.nanoseconds / floor.nanoseconds }
}
