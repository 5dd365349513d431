import CVips
import Foundation

/// Image files rewritten in another format, by libvips.
package enum ImageConversion {
    /// Writes the image file at `url` to `output` in the format `output`'s suffix names
    /// (`.png`, `.jpg`, `.webp`, …); `false` when libvips cannot read or write it.
    /// Blocking: call it off Swift's shared threads.
    package static func convert(_ url: URL, to output: URL) -> Bool {
        Vips.started && appex_vips_convert(url.path, output.path) == 0
    }
}

extension ImageConversion {
    /// Writes the image file at `url`, toned sepia with `strength` (0 leaves it as it is, 1
    /// is full sepia) and turned upright, to `output` in the format its suffix names;
    /// `false` when libvips cannot read or write it. Blocking.
    package static func sepia(_ url: URL, to output: URL, strength: Double) -> Bool {
        Vips.started && appex_vips_sepia(url.path, output.path, strength) == 0
    }
}

extension ImageConversion {
    /// Writes the image file at `url` to `output` (the format its suffix names; `.jpg` keeps
    /// the tag in EXIF) with its orientation tag set to `orientation` (1…8) and its pixels as
    /// stored; `false` when libvips cannot read or write it. Blocking.
    package static func writeTaggingOrientation(_ url: URL, to output: URL, orientation: Int) -> Bool {
        Vips.started && appex_vips_write_with_orientation(url.path, output.path, Int32(orientation)) == 0
    }
}
