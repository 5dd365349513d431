import DeviceLayout
import Foundation

/// Tells the Today view whether a widget has anything to show: Apple's `NCWidgetController`.
///
/// A widget without content is hidden from `appex today` until it has some again. The
/// containing app (or the widget itself) calls this; the flag is kept in the caller's own
/// data container (`Library/Widgets/NoContent/<widget-id>`), which the host reads only for
/// the caller's own widgets, so one app cannot hide another's.
///
/// ```swift
/// NCWidgetController.widgetController().setHasContent(false, forWidgetWithBundleIdentifier: "com.example.notes.widget")
/// ```
public final class WidgetController: Sendable {
    let container: DataContainerLayout?

    init(container: DataContainerLayout?) {
        self.container = container
    }

    /// The controller of this process (its data container is `APPEX_DATA_CONTAINER`).
    public static func widgetController() -> WidgetController {
        let path = ProcessInfo.processInfo.environment[DataContainerLayout.environmentVariable]
        return WidgetController(container: path.flatMap { $0.isEmpty ? nil : DataContainerLayout(root: URL(fileURLWithPath: $0, isDirectory: true)) })
    }

    /// A controller that keeps its flags in the data container at `root`.
    public static func widgetController(dataContainer root: URL) -> WidgetController {
        WidgetController(container: DataContainerLayout(root: root))
    }

    /// Says whether the widget `bundleID` has content to show. A process started outside
    /// Appex (no data container) changes nothing.
    public func setHasContent(_ flag: Bool, forWidgetWithBundleIdentifier bundleID: String) {
        guard let container, let marker = container.widgetWithoutContentMarker(bundleIdentifier: bundleID) else { return }
        if flag {
            try? FileManager.default.removeItem(at: marker)
        } else {
            try? FileManager.default.createDirectory(at: marker.deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: marker.path, contents: Data())
        }
    }
}
