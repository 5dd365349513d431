// Sepia, Darkroom's photo editing extension: PhotoEditingViewController from Apple's
// template, with its imports changed. Its adjustment data records the strength, so a
// second edit starts from the original and the stored strength, not from a photo already
// toned (docs/PHOTO-EDITING.md).
import AppExtensionsCompat
import ExtensionRuntime
import Foundation
import Imaging

/// What the adjustment data holds.
struct SepiaSettings: Codable {
    var strength: Double
}

final class SepiaViewController: PHContentEditingController {
    nonisolated static let formatIdentifier = "com.example.sepia"
    nonisolated static let formatVersion = "1.0"
    /// How much strength one edit adds.
    nonisolated static let step = 0.25

    var input: PHContentEditingInput?
    var strength = step

    func canHandle(_ adjustmentData: PHAdjustmentData) -> Bool {
        adjustmentData.formatIdentifier == Self.formatIdentifier && adjustmentData.formatVersion == Self.formatVersion
    }

    func startContentEditing(with contentEditingInput: PHContentEditingInput, placeholderImage: UIImage) {
        input = contentEditingInput
        // Resuming: the input is the original and the data says how strong the last edit was.
        let previous = contentEditingInput.adjustmentData.flatMap { try? JSONDecoder().decode(SepiaSettings.self, from: $0.data) }
        strength = min(1, (previous?.strength ?? 0) + Self.step)
    }

    func finishContentEditing(completionHandler: @escaping @Sendable (PHContentEditingOutput?) -> Void) {
        guard let input, let source = input.fullSizeImageURL else { return completionHandler(nil) }
        let output = PHContentEditingOutput(contentEditingInput: input)
        let strength = strength
        // Rendering off the main actor, as Apple's template does on a global queue.
        DispatchQueue.global().async {
            guard ImageConversion.sepia(source, to: output.renderedContentURL, strength: strength),
                  let settings = try? JSONEncoder().encode(SepiaSettings(strength: strength)) else {
                return completionHandler(nil)
            }
            output.adjustmentData = PHAdjustmentData(formatIdentifier: Self.formatIdentifier, formatVersion: Self.formatVersion,
                                                     data: settings)
            completionHandler(output)
        }
    }

    func cancelContentEditing() {
        input = nil
    }

    var shouldShowCancelConfirmation: Bool { false }
}

ExtensionMain.run(photoEditor: { SepiaViewController() })
