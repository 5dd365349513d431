import AppexSystem
import AppExtensions
import ArgumentParser
import ExtensionHost
import Foundation

/// `--activity`: one of the host's own actions instead of an extension.
enum ActivityOption: String, CaseIterable, ExpressibleByArgument {
    /// Copy (`appex.copy`).
    case copy
    /// Save to folder… (`appex.save-to-folder`).
    case save

    /// The activity's type.
    var activityType: String { self == .copy ? ShareActivities.copyType : ShareActivities.saveToFolderType }
}

/// What the person chose on the terminal.
enum ShareChoice {
    /// An eligible extension, by identifier.
    case extensionIdentifier(String)
    /// One of the host's actions.
    case activity(ShareActivity)
}

/// How a host action ended: its completion and its one line.
struct ActivityEnding {
    var completion: ShareCompletion
    var message: String?
}

extension ShareCommand {
    /// The key typed for each activity on the terminal: its title's first letter
    /// ("c" Copy, "s" Save to folder…), else the first free letter.
    static func keys(for activities: [ShareActivity]) -> [(key: String, activity: ShareActivity)] {
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        var used: Set<String> = []
        return activities.compactMap { activity in
            let preferred = activity.title.lowercased().first.map { [String($0)] } ?? []
            guard let key = (preferred + letters).first(where: { letters.contains($0) && !used.contains($0) }) else { return nil }
            used.insert(key)
            return (key, activity)
        }
    }

    /// Runs `activity` on `items`: the folder is `folder`, else (on a terminal) the one typed,
    /// else the suggested one.
    static func perform(_ activity: ShareActivity, items: [ExtensionItem], folder: String?, askFolder: Bool,
                        pasteboard: SharePasteboard) async -> ActivityEnding {
        var chosenFolder: URL?
        if case .folder(let suggested)? = activity.input {
            var path = folder
            if path == nil, askFolder {
                Console.current.print("Save to folder [\(suggested)]:")
                let typed = await StandardInput.readLine()?.trimmingCharacters(in: .whitespaces) ?? ""
                path = typed.isEmpty ? nil : (typed as NSString).expandingTildeInPath
            }
            chosenFolder = URL(fileURLWithPath: path ?? suggested)
        }
        let request = ShareActivityRequest(items: items, folder: chosenFolder, pasteboard: pasteboard)
        do {
            let result = try await activity.perform(request)
            return ActivityEnding(completion: ShareCompletion(activityType: activity.activityType, completed: true,
                                                              returnedItems: result.returnedItems),
                                  message: result.message)
        } catch {
            return ActivityEnding(completion: ShareCompletion(activityType: activity.activityType, completed: false,
                                                              activityError: "\(error)"))
        }
    }

    /// Prints a host action's ending.
    static func printActivity(_ ending: ActivityEnding, title: String) {
        if ending.completion.completed {
            Console.current.print(ending.message ?? "\(title): done.")
        } else {
            Console.current.printError("\(title) failed: \(ending.completion.activityError ?? "")")
        }
    }
}
