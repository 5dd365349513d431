import AppExtensionsCompat
import Foundation

// What the ported code uses from its own projects, beyond the snippets themselves, and the
// one UIKit type an app (not an extension) has, which Appex's UIKit leaves out.

extension UIViewController {
    /// Seed 003's `circle_alert` (the author's helper outside the snippet): an alert with
    /// `message` and OK, presented on the main queue (the snippet calls it from a load's
    /// completion handler).
    nonisolated func circle_alert(message: String) {
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
                alert.addAction(UIAlertAction(title: "OK", style: .default))
                self.present(alert, animated: true)
            }
        }
    }
}

/// UIKit's application object, which seed 000's app delegate (an app, not an extension)
/// receives; ExtensionUI's is unavailable to extensions and cannot be made.
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

