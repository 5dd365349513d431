import AppExtensionsCompat
import Foundation
import Synchronization
import Testing

/// An iOS Today widget ported with its imports changed, driven as the runtime drives it:
/// Apple's update results, display modes and preferred size.
@MainActor
@Suite struct TodayWidgetPortTests {
    let sizes: [NCWidgetDisplayMode: CGSize] = [.compact: CGSize(width: 320, height: 110), .expanded: CGSize(width: 320, height: 528)]

    /// One update; the result and the state the host would receive.
    func update(_ driver: WidgetDriver, mode: NCWidgetDisplayMode) async -> (NCUpdateResult, WidgetState) {
        await withCheckedContinuation { continuation in
            driver.performUpdate(displayMode: mode, maximumSizes: sizes) { result, state in
                continuation.resume(returning: (result, state))
            }
        }
    }

    @Test("newData, then noData when nothing changed; Show More gives the expanded rows and size")
    func updatesAndModes() async throws {
        let host = RecordingHost()
        let driver = WidgetDriver(context: host.context([])) { ParcelsTodayViewController() }
        let (first, state) = await update(driver, mode: .compact)
        #expect(first == .newData)
        #expect(state.largestAvailableDisplayMode == .expanded)
        #expect(state.view.elements == [.title("Parcels"), .row("Bike lights", detail: "out for delivery"), .row("Book", detail: "in transit")])

        let (second, same) = await update(driver, mode: .compact)
        #expect(second == .noData)
        #expect(same.view == state.view)

        let expanded = driver.changeDisplayMode(to: .expanded, maximumSize: try #require(sizes[.expanded]))
        #expect(expanded.activeDisplayMode == .expanded)
        #expect(expanded.preferredContentSize == WidgetState.Size(width: 320, height: 220))
        #expect(expanded.view.elements.count == 5)
        #expect(expanded.revision > same.revision)
    }
}
