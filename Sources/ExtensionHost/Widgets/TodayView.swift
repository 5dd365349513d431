import AppExtensions
import ExtensionManifest
import Foundation
import TodayWidgets

/// The host of Today widgets: which widgets show, in what order, their last snapshots,
/// and their updates, each in its own sandboxed process with its own memory cap.
///
/// ```swift
/// let today = TodayView(catalog: registry, home: home)
/// let widgets = try today.widgets()
/// let first = today.lastSnapshots(of: widgets)       // the first screen, at once
/// for outcome in await today.updateAll(widgets) { … } // every widget at the same time
/// ```
///
/// One widget that hangs, crashes or eats memory delays or hides no other: each update is
/// its own run with its own deadline (``updateTimeout``), and a widget whose update gave no
/// new state shows its last snapshot, marked stale (docs/WIDGETS.md).
public struct TodayView: Sendable {
    /// Each widget's memory cap: 48 MB (docs/WIDGETS.md, "Limits").
    public static let defaultMemoryCap = 48_000_000
    /// How long an update may take: 10 s.
    public static let defaultUpdateTimeout: Duration = .seconds(10)

    /// The host that runs the widgets (its options carry the widgets' memory cap).
    public var host: ExtensionHost
    /// Where the widgets' snapshots are kept; `nil` keeps none.
    public var snapshots: WidgetSnapshotStore?
    /// The device's folder, for the containing apps' "no content" flags; `nil`: only the
    /// widgets' own containers are read.
    public var home: AppexHome?
    /// How long an update may take before the widget is ended and shown stale.
    public var updateTimeout: Duration
    /// The room the widgets get.
    public var sizes: WidgetSizes

    /// A Today view over `catalog`. `options` are the host's launch options; each widget's
    /// memory cap is `memoryCap`, and no wall clock limits a widget the view keeps
    /// running (``updateTimeout`` limits each update).
    public init(catalog: any ExtensionCatalog, options: LaunchOptions = LaunchOptions(), home: AppexHome? = nil,
                snapshots: WidgetSnapshotStore? = nil, memoryCap: Int? = defaultMemoryCap,
                updateTimeout: Duration = defaultUpdateTimeout, sizes: WidgetSizes = WidgetSizes()) {
        var options = options
        options.memoryCap = memoryCap
        options.wallClock = nil
        host = ExtensionHost(catalog: catalog, options: options)
        self.home = home
        self.snapshots = snapshots ?? home.map(WidgetSnapshotStore.init(home:))
        self.updateTimeout = updateTimeout
        self.sizes = sizes
    }

    /// The widgets the view shows: installed Today widgets the user left enabled and whose
    /// app did not say they have nothing to show, in the user's order.
    public func widgets() throws -> [InstalledExtension] {
        InstalledExtension.inUserOrder(try host.catalog.installedExtensions().filter {
            $0.point == ExtensionPoint.widget && $0.isEnabled && hasContent($0)
        })
    }

    /// Whether `widget` has content: `false` once its containing app (or the widget itself)
    /// called `setHasContent(false, forWidgetWithBundleIdentifier:)` for it.
    public func hasContent(_ widget: InstalledExtension) -> Bool {
        var containers = [widget.dataContainerURL]
        if let home, let app = home.applicationIdentifier(containing: widget.bundleURL) {
            containers.append(home.dataContainer(bundleIdentifier: app))
        }
        return !containers.contains { container in
            DataContainerLayout(root: container).widgetWithoutContentMarker(bundleIdentifier: widget.identifier)
                .map { FileManager.default.fileExists(atPath: $0.path) } ?? false
        }
    }

    /// The last snapshot of each of `widgets` that has one, by identifier.
    public func lastSnapshots(of widgets: [InstalledExtension]) -> [String: WidgetSnapshot] {
        guard let snapshots else { return [:] }
        var found: [String: WidgetSnapshot] = [:]
        for widget in widgets { found[widget.identifier] = snapshots.snapshot(of: widget.identifier) }
        return found
    }

    /// Updates every one of `widgets` at the same time, each in its own process; the
    /// outcomes in the widgets' order. `onEach` gets each outcome as it comes, with the
    /// widget's index (a dashboard redraws that widget at once).
    public func updateAll(_ widgets: [InstalledExtension], displayMode: WidgetDisplayMode = .compact,
                          onEach: (Int, WidgetUpdateOutcome) async -> Void = { _, _ in }) async -> [WidgetUpdateOutcome] {
        await withTaskGroup(of: (Int, WidgetUpdateOutcome).self) { group in
            for (index, widget) in widgets.enumerated() {
                group.addTask { (index, await update(widget, displayMode: displayMode)) }
            }
            var outcomes: [WidgetUpdateOutcome?] = Array(repeating: nil, count: widgets.count)
            for await (index, outcome) in group {
                outcomes[index] = outcome
                await onEach(index, outcome)
            }
            return outcomes.compactMap { $0 }
        }
    }

    /// Updates `widget` once in its own process, which is ended after it answers.
    public func update(_ widget: InstalledExtension, displayMode: WidgetDisplayMode = .compact) async -> WidgetUpdateOutcome {
        await withWidget(widget) { session in
            await session.update(displayMode: displayMode)
        }
    }

    /// Runs `widget` for as long as `body` runs (the Today view keeps a shown widget's
    /// process, so that "Show More" reaches it): the process is ended when `body` returns.
    public func withWidget<Result: Sendable>(_ widget: InstalledExtension,
                                             _ body: (TodayWidgetSession) async -> Result) async -> Result {
        // Today widgets may open any URL (Apple's NCWidgetAdditions); the host still decides.
        let configuration = ExtensionContext.Configuration(openURLPolicy: .any)
        return await host.withSession(widget, items: [], configuration: configuration) { session in
            await body(TodayWidgetSession(view: self, widget: widget, session: session))
        }
    }
}
