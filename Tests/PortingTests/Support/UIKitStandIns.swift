import AppExtensionsCompat
import Foundation
import Synchronization

// What the ported code uses from UIKit and from its own projects, beyond the snippets
// themselves. AppExtensionsCompat's UIImage stands for UIKit's image; the rest is here.

/// UIKit's view controller, as far as seed 003 uses one: a place to show an alert.
class UIViewController {
    private let alerts = Mutex<[String]>([])

    /// The alerts shown, in order.
    var shownAlerts: [String] { alerts.withLock { $0 } }

    /// Records an alert (seed 003's `circle_alert`, the author's helper outside the snippet).
    func circle_alert(message: String) {
        alerts.withLock { $0.append(message) }
    }
}

/// UIKit's application object, which seed 000's app delegate receives.
final class UIApplication {}

extension CGSize {
    /// Seed 003's `circle_fixed(forPreferredSize:)` (the author's helper outside the snippet):
    /// the size scaled to fit in `preferredSize`, never enlarged.
    func circle_fixed(forPreferredSize preferredSize: CGSize) -> CGSize {
        let scale = min(1, preferredSize.width / width, preferredSize.height / height)
        return CGSize(width: (width * scale).rounded(), height: (height * scale).rounded())
    }
}

extension UIImage {
    /// YYKit's `yy_imageByResize(to:)`, which seed 003 uses for its previews. The stand-in
    /// image cannot draw, so the "resized" image is the same image.
    func yy_imageByResize(to size: CGSize) -> UIImage? {
        self
    }
}

