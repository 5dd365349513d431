// Upload: a share extension that hands the shared file to the background transfer service
// and finishes at once (seeds 000 and 004: a background URLSession whose configuration
// names the app group's shared container). The upload carries on after the extension has
// gone; Uploader, the containing app, hears how it ended.
//
// Where to: the endpoint in the app group's shared defaults, which the app (or
// `appex defaults write group.com.example.uploader upload-endpoint URL`) sets.
import AppExtensions
import AppGroups
import BackgroundTransfers
import ExtensionRuntime
import Foundation

final class UploadFile: ExtensionRequestHandling, Sendable {
    static let group = "group.com.example.uploader"
    /// One identifier for this extension's uploads: the app re-creates the session by it.
    static let session = "com.example.uploader.UploadFile"

    func beginRequest(with context: ExtensionContext) {
        Task {
            do {
                // What the host reports as completed: the upload's name, handed off.
                let item = ExtensionItem()
                item.attributedContentText = NSAttributedString(string: "uploading \(try await upload(context)) in the background")
                context.completeRequest(returningItems: [item])
            } catch {
                context.cancelRequest(withError: error as NSError)
            }
        }
    }

    /// Starts the upload; returns the file's name once the service has it.
    private func upload(_ context: ExtensionContext) async throws -> String {
        guard let defaults = SharedDefaults(suiteName: Self.group),
              let endpoint = defaults.string(forKey: "upload-endpoint").flatMap(URL.init(string:)) else {
            throw Self.error("no upload-endpoint in \(Self.group)'s shared defaults (appex defaults write \(Self.group) upload-endpoint https://…)")
        }
        guard let provider = context.inputItems.first?.attachments?.first(where: { $0.hasItemConformingToTypeIdentifier("public.data") }) else {
            throw Self.error("the share holds no file")
        }
        let name = provider.suggestedName ?? "upload"
        let configuration = URLSessionConfiguration.background(withIdentifier: Self.session)
        configuration.sharedContainerIdentifier = Self.group
        let session = URLSession(configuration: configuration, delegate: nil, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        // The loaded file is a temporary copy, deleted when this closure returns: resume()
        // hands the service an open descriptor of it and returns once the service keeps it.
        let task = try await provider.loadFileRepresentation(forTypeIdentifier: "public.data") { file in
            var request = URLRequest(url: endpoint.appendingPathComponent(name))
            request.httpMethod = "PUT"
            let task = session.uploadTask(with: request, fromFile: file)
            task.taskDescription = name
            task.resume()
            return task
        }
        if let error = task.error { throw error }
        _ = try defaults.update(forKey: "uploads-started") { (($0 as? Int) ?? 0) + 1 }
        FileHandle.standardError.write(Data("Upload: \(name) handed to the transfer service as task \(task.taskIdentifier)\n".utf8))
        return name
    }

    private static func error(_ message: String) -> NSError {
        NSError(domain: "UploadFile", code: 1, userInfo: [NSLocalizedDescriptionKey: message])
    }
}

ExtensionMain.run { UploadFile() }
