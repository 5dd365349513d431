import AppExtensionsCompat
import Foundation

// Xcode's Photo Editing Extension template (PhotoEditingViewController), as written for
// Photos and PhotosUI, with its imports changed: it resumes from its own adjustment data
// and writes a JPEG to the output's renderedContentURL on a background queue.
class PhotoEditingViewController: NSObject, PHContentEditingController {
    var input: PHContentEditingInput?
    var placeholder: UIImage?
    var brightness = 0.1

    func canHandle(_ adjustmentData: PHAdjustmentData) -> Bool {
        return adjustmentData.formatIdentifier == "com.example.brighten" && adjustmentData.formatVersion == "1.0"
    }

    func startContentEditing(with contentEditingInput: PHContentEditingInput, placeholderImage: UIImage) {
        input = contentEditingInput
        placeholder = placeholderImage
        if let data = contentEditingInput.adjustmentData?.data, let text = String(data: data, encoding: .utf8), let last = Double(text) {
            brightness = last + 0.1
        }
    }

    func finishContentEditing(completionHandler: @escaping ((PHContentEditingOutput?) -> Void)) {
        guard let input = input else { return completionHandler(nil) }
        let brightness = self.brightness
        DispatchQueue.global().async {
            let output = PHContentEditingOutput(contentEditingInput: input)
            output.adjustmentData = PHAdjustmentData(formatIdentifier: "com.example.brighten", formatVersion: "1.0",
                                                     data: Data(String(brightness).utf8))
            let image = input.displaySizeImage
            let rendered = image?.jpegData(compressionQuality: 0.9)
            do {
                try rendered?.write(to: output.renderedContentURL, options: .atomic)
                completionHandler(output)
            } catch {
                completionHandler(nil)
            }
        }
    }

    var shouldShowCancelConfirmation: Bool {
        return brightness > 0.1
    }

    func cancelContentEditing() {
        input = nil
    }
}
