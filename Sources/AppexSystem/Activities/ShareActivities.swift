import AppExtensions
import ExtensionHost
import Foundation

/// The host's own actions that `appex share` offers next to the extensions, as Apple's
/// `applicationActivities`: Copy and Save to folder….
package enum ShareActivities {
    /// The activity type of ``CopyActivity``.
    package static let copyType = "appex.copy"
    /// The activity type of ``SaveToFolderActivity``.
    package static let saveToFolderType = "appex.save-to-folder"

    /// Copy, then Save to folder… (suggesting the person's download folder, see
    /// ``DownloadFolder``). Reads `user-dirs.dirs` through `Offload`, hence `async`.
    package static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) async -> [ShareActivity] {
        let folder = await Offload.perform { DownloadFolder.path(environment: environment) }
        return [CopyActivity.make(), SaveToFolderActivity.make(suggestedFolder: folder)]
    }
}
