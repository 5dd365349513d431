import AppExtensions
import ExtensionUI
import Foundation
import Glibc
import PhotoEditing

/// The fixture as a photo editor (its Info.plist's point is `com.apple.photo-editing`).
///
/// Its adjustment data is `com.appex.fixture` version `1`, `{"edits": n}`: it can handle
/// its own data, and each edit counts one more. It renders by copying the full-size image
/// (the tests' photos are JPEGs), and asks for a cancel confirmation. `cancel` gives no
/// output, `never-complete` never calls the handler, `complete-twice` calls it twice,
/// `render-garbage` renders text, `render-fifo` hands back a pipe, `tamper` first tries to
/// write into the image it was given; the misbehaviours (crash, hang, bomb, garbage,
/// flood…) happen inside the finish, as they do inside a share request.
final class FixtureEditor: UIViewController, ContentEditingController {
    static let format = "com.appex.fixture"
    let behavior: FixtureBehavior
    var input: ContentEditingInput?
    var edits = 0

    init(behavior: FixtureBehavior) {
        self.behavior = behavior
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        nil
    }

    /// A view controller, as Xcode's template makes the principal class: its title is the
    /// host's to show.
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Fixture Editor"
    }

    func canHandle(_ adjustmentData: AdjustmentData) -> Bool {
        adjustmentData.formatIdentifier == Self.format && adjustmentData.formatVersion == "1"
    }

    func startContentEditing(with contentEditingInput: ContentEditingInput, placeholderImage: EditingImage) {
        input = contentEditingInput
        let previous = contentEditingInput.adjustmentData.flatMap { try? JSONDecoder().decode([String: Int].self, from: $0.data) }
        edits = (previous?["edits"] ?? 0) + 1
    }

    func finishContentEditing(completionHandler: @escaping @Sendable (ContentEditingOutput?) -> Void) {
        if Fixture.misbehave(behavior) { return }
        guard let input, let source = input.fullSizeImageURL else { return completionHandler(nil) }
        let output = ContentEditingOutput(contentEditingInput: input)
        output.adjustmentData = AdjustmentData(formatIdentifier: Self.format, formatVersion: "1",
                                               data: Data("{\"edits\":\(edits)}".utf8))
        let target = output.renderedContentURL
        switch behavior {
        case .cancel:
            completionHandler(nil)
        case .neverComplete:
            return
        case .renderGarbage:
            FileManager.default.createFile(atPath: target.path, contents: Data("this is not a JPEG".utf8))
            completionHandler(output)
        case .renderFIFO:
            mkfifo(target.path, 0o600)
            completionHandler(output)
        case .completeTwice:
            FileManager.default.createFile(atPath: target.path, contents: FileManager.default.contents(atPath: source.path))
            completionHandler(output)
            completionHandler(nil)
        default:
            if behavior == .tamper {
                // The host handed the image over read-only: this must fail.
                let descriptor = open(source.path, O_WRONLY | O_TRUNC)
                if descriptor >= 0 {
                    _ = write(descriptor, "tampered", 8)
                    close(descriptor)
                }
            }
            FileManager.default.createFile(atPath: target.path, contents: FileManager.default.contents(atPath: source.path))
            completionHandler(output)
        }
    }

    func cancelContentEditing() {
        input = nil
    }

    var shouldShowCancelConfirmation: Bool { behavior != .noop }
}
