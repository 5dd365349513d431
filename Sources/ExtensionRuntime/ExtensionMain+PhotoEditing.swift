import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation
import PhotoEditing

extension ExtensionMain {
    /// Runs a photo editing extension; never returns.
    ///
    /// ```swift
    /// // main.swift: NSExtensionPrincipalClass names SepiaViewController, as on iOS
    /// ExtensionMain.run(photoEditor: { SepiaViewController() })
    /// ```
    ///
    /// The runtime makes the controller on the main actor when the host's first message
    /// arrives, and calls it in Apple's order: `canHandle(_:)` when the photo has adjustment
    /// data, `startContentEditing(with:placeholderImage:)` with the photo's read-only images,
    /// then `finishContentEditing(completionHandler:)` or `cancelContentEditing()`. The
    /// rendered file goes to the host as a read-only descriptor, and is then removed. The
    /// process lives until the host closes the channel.
    public static func run<Controller: ContentEditingController>(photoEditor makeController: @escaping @MainActor @Sendable () -> Controller) -> Never {
        runProcess { await serve(photoEditor: makeController) }
    }

    static func serve<Controller: ContentEditingController>(photoEditor makeController: @escaping @MainActor @Sendable () -> Controller) async -> Int32 {
        await serveRequest { connection, context in
            let box = await MainActor.run { EditorBox(ContentEditingDriver(context: context, makeController: makeController)) }
            connection.acceptEditRequests(box)
            return box
        }
    }
}

/// The request's photo editor, on the main actor (where the extension's controller lives).
@MainActor
final class EditorBox {
    let driver: ContentEditingDriver
    /// The images of the edit, open until the process ends.
    private var images: [OwnedFileDescriptor] = []

    init(_ driver: ContentEditingDriver) {
        self.driver = driver
    }

    /// The editor's answer to `query`.
    func answer(_ query: EditQuery) -> EditQueryReply {
        EditQueryReply(queryID: query.queryID, canHandle: driver.canHandle(query.adjustmentData))
    }

    /// Starts the edit `begin` describes, over its two images; the message that answers it.
    func begin(_ begin: EditBegin, images descriptors: [OwnedFileDescriptor]) throws -> WireMessage {
        guard descriptors.count == 2 else {
            descriptors.forEach { $0.close() }
            throw RuntimeError(.protocolFailure, "edit-begin carried \(descriptors.count) descriptor(s); it carries the full-size and the display-size image")
        }
        images = descriptors
        let input = ContentEditingInput(
            fullSizeImageURL: WireFiles.url(of: descriptors[0]), displaySizeImageURL: WireFiles.url(of: descriptors[1]),
            adjustmentData: begin.adjustmentData, uniformTypeIdentifier: begin.uniformTypeIdentifier,
            fullSizeImageOrientation: begin.orientation, mediaType: ContentEditingInput.MediaType(rawValue: begin.mediaType) ?? .unknown)
        do {
            let confirm = try driver.start(input, placeholderPath: WireFiles.url(of: descriptors[1]).path)
            return .editReady(EditReady(editID: begin.editID, shouldShowCancelConfirmation: confirm, title: driver.title))
        } catch where error.code == .placeholderUnreadable {
            return .editResult(EditResult(editID: begin.editID, outcome: .failed, message: error.message), descriptors: [])
        } catch {
            throw RuntimeError(.protocolFailure, "edit-begin: \(error.message)")
        }
    }

    /// Done or Cancel; the result goes out as a job of the conversation once the editor
    /// is done, however late.
    func end(_ end: EditEnd, on connection: RuntimeConnection) throws {
        do {
            switch end.action {
            case .cancel:
                try driver.cancel()
                connection.submit { try? await connection.send(.editResult(EditResult(editID: end.editID, outcome: .cancelled), descriptors: [])) }
            case .finish:
                try driver.finish { output in
                    connection.submit { await Self.send(output, answering: end.editID, on: connection) }
                }
            }
        } catch {
            throw RuntimeError(.protocolFailure, "edit-end: \(error.message)")
        }
    }

    /// Sends the editor's output: the rendered file as a read-only descriptor (then
    /// removed) with the adjustment data, or why there is none.
    nonisolated static func send(_ output: ContentEditingOutput?, answering editID: Int, on connection: RuntimeConnection) async {
        let result: EditResult
        var descriptors: [OwnedFileDescriptor] = []
        if let output, let adjustmentData = output.adjustmentData {
            do {
                descriptors = [try WireFiles.openForSending(output.renderedContentURL)]
                result = EditResult(editID: editID, outcome: .rendered, adjustmentData: adjustmentData)
            } catch {
                result = EditResult(editID: editID, outcome: .failed, message: "the rendered content cannot be sent: \(error.message)")
            }
        } else {
            result = EditResult(editID: editID, outcome: .failed, message: output == nil
                                ? "finishContentEditing gave no output" : "the output has no adjustment data (it is required)")
        }
        defer {
            descriptors.forEach { $0.close() }
            if let output { try? FileManager.default.removeItem(at: output.renderedContentURL) }
        }
        try? await connection.send(.editResult(result, descriptors: descriptors))
    }
}
