// Written here: a photo editing extension in the shape iOS code has it — a UIViewController
// adopting PHContentEditingController that renders through Core Image — with its imports
// unchanged.
import CoreImage
import Photos
import PhotosUI
import UIKit

class SepiaEditingViewController: UIViewController, PHContentEditingController {
    var input: PHContentEditingInput?
    var intensity = 0.8
    let preview = UIImageView()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Sepia"
        view.addSubview(preview)
    }

    func canHandle(_ adjustmentData: PHAdjustmentData) -> Bool {
        return adjustmentData.formatIdentifier == "com.example.sepia-ci" && adjustmentData.formatVersion == "1"
    }

    func startContentEditing(with contentEditingInput: PHContentEditingInput, placeholderImage: UIImage) {
        input = contentEditingInput
        preview.image = placeholderImage
        if let data = contentEditingInput.adjustmentData?.data, let saved = Double(String(decoding: data, as: UTF8.self)) {
            intensity = min(1, saved + 0.1)
        }
    }

    func finishContentEditing(completionHandler: @escaping ((PHContentEditingOutput?) -> Void)) {
        guard let input = input, let url = input.fullSizeImageURL else { return completionHandler(nil) }
        let intensity = self.intensity
        DispatchQueue.global(qos: .userInitiated).async {
            let output = PHContentEditingOutput(contentEditingInput: input)
            guard let image = CIImage(contentsOf: url)?.oriented(forExifOrientation: input.fullSizeImageOrientation),
                  let filter = CIFilter(name: "CISepiaTone") else {
                return completionHandler(nil)
            }
            filter.setValue(image, forKey: kCIInputImageKey)
            filter.setValue(intensity, forKey: kCIInputIntensityKey)
            guard let result = filter.outputImage else { return completionHandler(nil) }
            do {
                try CIContext().writeJPEGRepresentation(of: result, to: output.renderedContentURL,
                                                        colorSpace: CGColorSpaceCreateDeviceRGB(), options: [:])
            } catch {
                return completionHandler(nil)
            }
            output.adjustmentData = PHAdjustmentData(formatIdentifier: "com.example.sepia-ci", formatVersion: "1",
                                                     data: Data(String(intensity).utf8))
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
