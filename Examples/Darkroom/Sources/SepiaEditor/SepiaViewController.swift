// Sepia, Darkroom's photo editing extension, in the shape Xcode's Photo Editing template
// gives it: a UIViewController adopting PHContentEditingController that renders through Core
// Image, its imports as on iOS and no main.swift — the ExtensionEntryPoint plugin finds
// SepiaViewController by the name its Info.plist gives (NSExtensionPrincipalClass). Its
// adjustment data records the strength, so a second edit starts from the original and the
// stored strength, not from a photo already toned (docs/PHOTO-EDITING.md).
import CoreImage
import Photos
import PhotosUI
import UIKit

/// What the adjustment data holds.
struct SepiaSettings: Codable {
    var strength: Double
}

class SepiaViewController: UIViewController, PHContentEditingController {
    static let formatIdentifier = "com.example.sepia"
    static let formatVersion = "1.0"
    /// How much strength one edit adds.
    static let step = 0.25

    var input: PHContentEditingInput?
    var strength = step
    let preview = UIImageView()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Sepia"
        preview.contentMode = .scaleAspectFit
        view.addSubview(preview)
    }

    func canHandle(_ adjustmentData: PHAdjustmentData) -> Bool {
        return adjustmentData.formatIdentifier == Self.formatIdentifier && adjustmentData.formatVersion == Self.formatVersion
    }

    func startContentEditing(with contentEditingInput: PHContentEditingInput, placeholderImage: UIImage) {
        input = contentEditingInput
        preview.image = placeholderImage
        // Resuming: the input is the original and the data says how strong the last edit was.
        let previous = contentEditingInput.adjustmentData.flatMap { try? JSONDecoder().decode(SepiaSettings.self, from: $0.data) }
        strength = min(1, (previous?.strength ?? 0) + Self.step)
    }

    func finishContentEditing(completionHandler: @escaping ((PHContentEditingOutput?) -> Void)) {
        guard let input = input, let url = input.fullSizeImageURL else { return completionHandler(nil) }
        let strength = self.strength
        let (format, version) = (Self.formatIdentifier, Self.formatVersion)
        // Rendering off the main queue, as Apple's template does.
        DispatchQueue.global(qos: .userInitiated).async {
            let output = PHContentEditingOutput(contentEditingInput: input)
            guard let image = CIImage(contentsOf: url)?.oriented(forExifOrientation: input.fullSizeImageOrientation),
                  let filter = CIFilter(name: "CISepiaTone") else {
                return completionHandler(nil)
            }
            filter.setValue(image, forKey: kCIInputImageKey)
            filter.setValue(strength, forKey: kCIInputIntensityKey)
            guard let toned = filter.outputImage, let settings = try? JSONEncoder().encode(SepiaSettings(strength: strength)) else {
                return completionHandler(nil)
            }
            do {
                try CIContext().writeJPEGRepresentation(of: toned, to: output.renderedContentURL,
                                                        colorSpace: CGColorSpaceCreateDeviceRGB(), options: [:])
            } catch {
                return completionHandler(nil)
            }
            output.adjustmentData = PHAdjustmentData(formatIdentifier: format, formatVersion: version,
                                                     data: settings)
            completionHandler(output)
        }
    }

    var shouldShowCancelConfirmation: Bool {
        return false
    }

    func cancelContentEditing() {
        input = nil
    }
}
