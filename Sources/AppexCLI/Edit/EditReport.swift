import ExtensionHost
import Foundation
import PhotoEditing
import PhotoLibrary
import SystemSupport

/// What `appex edit --json` prints.
enum EditReport {
    /// An edit's adjustment data, described (its bytes are the editor's).
    struct Adjustment: Encodable {
        var formatIdentifier: String
        var formatVersion: String
        var bytes: Int
        /// The data as text, when it is UTF-8 (most editors write JSON).
        var text: String?

        init(_ data: AdjustmentData) {
            formatIdentifier = data.formatIdentifier
            formatVersion = data.formatVersion
            bytes = data.data.count
            text = String(data: data.data, encoding: .utf8)
        }
    }

    /// Without `--with`: the editors offered for the photo, and its last edit.
    struct Listing: Encodable {
        struct Editor: Encodable {
            var identifier: String
            var displayName: String
            /// Whether it made the photo's last edit (the editor most likely to resume it).
            var resumes: Bool
        }

        struct LastEdit: Encodable {
            var editor: String
            var formatIdentifier: String
            var formatVersion: String
        }

        var photo: String
        var editors: [Editor]
        var lastEdit: LastEdit?

        init(library: PhotoLibrary, photo: String) async throws {
            let resolved = URL(fileURLWithPath: photo).resolvingSymlinksInPath().path
            let store = library.store
            // The store and the registry are SQLite reads: off the shared threads.
            let (record, offered) = try await Offload.perform { (try store.record(of: resolved), try library.editors()) }
            let current = record?.current
            self.photo = resolved
            editors = offered.map {
                Editor(identifier: $0.identifier, displayName: $0.displayName, resumes: $0.identifier == current?.editorIdentifier)
            }
            lastEdit = current.map {
                LastEdit(editor: $0.editorIdentifier, formatIdentifier: $0.adjustmentData.formatIdentifier,
                         formatVersion: $0.adjustmentData.formatVersion)
            }
        }
    }

    /// With `--with`: how the edit went.
    struct Edit: Encodable {
        var photo: String
        var editor: String
        /// edited, cancelled, failed, refused, crashed, timed-out, over-memory, or the run's error code.
        var result: String
        /// Whether the editor got the original and the last edit's data.
        var resumed: Bool
        var previousAdjustment: Adjustment?
        var adjustment: Adjustment?
        var shouldShowCancelConfirmation: Bool?
        /// The editor's title (its view controller's), when it has one.
        var editorTitle: String?
        var message: String?
        /// The result itself, which the sentence reads (`result` is its printed name).
        private let outcome: PhotoEditOutcome.Result

        private enum CodingKeys: String, CodingKey {
            case photo, editor, result, resumed, previousAdjustment, adjustment, shouldShowCancelConfirmation, editorTitle, message
        }

        init(_ outcome: PhotoEditOutcome) {
            photo = outcome.photo
            editor = outcome.editor
            self.outcome = outcome.result
            result = outcome.result.name
            resumed = outcome.resumed
            previousAdjustment = outcome.previousAdjustment.map(Adjustment.init)
            adjustment = outcome.adjustmentData.map(Adjustment.init)
            shouldShowCancelConfirmation = outcome.shouldShowCancelConfirmation
            editorTitle = outcome.editorTitle
            message = outcome.message
        }

        /// One line for a person.
        func sentence(name: String, editor displayName: String) -> String {
            let resumedText = resumed ? ", resuming the last edit from the original" : (previousAdjustment != nil ? ", on top of the last edit (it could not resume it)" : "")
            switch outcome {
            case .edited:
                let data = adjustment.map { " — \($0.formatIdentifier) \($0.formatVersion)\($0.text.map { ": \($0)" } ?? "")" } ?? ""
                let titled = editorTitle.flatMap { $0.isEmpty || $0 == displayName ? nil : " (\"\($0)\")" } ?? ""
                return "\(name): edited with \(displayName)\(titled)\(resumedText)\(data)"
            case .cancelled:
                return "\(name): cancelled; the photo is as it was"
            case .failed, .refused, .ended:
                return "\(name): not edited (\(result)): \(message ?? "no reason given"); the photo is as it was"
            }
        }
    }

    /// `--revert`: the edit forgotten.
    struct Revert: Encodable {
        var photo: String
        var restored: Bool
        var forgottenEdit: Adjustment?
        var editor: String?

        init(_ record: PhotoEditRecord) {
            photo = record.path
            restored = true
            forgottenEdit = record.current.map { Adjustment($0.adjustmentData) }
            editor = record.current?.editorIdentifier
        }
    }
}
