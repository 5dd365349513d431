/// A note: what a share left for Notes, and how Notes shows it.
///
/// Extensions make one from what the user shared and leave its ``shareConfiguration`` in
/// the app group's inbox; the app makes it again from the inbox, stores its ``line`` and
/// the widget shows each line as a ``Row``.
public struct Note: Hashable, Sendable {
    /// What was shared: a URL or the text of a post.
    public var text: String
    /// The page's title, when the share had one.
    public var title: String?
    /// The compose sheet's settings (是否公开 是, …).
    public var settings: [String: String]

    /// A note of `text`, with an optional title and settings.
    public init(text: String, title: String? = nil, settings: [String: String] = [:]) {
        self.text = text
        self.title = title
        self.settings = settings
    }

    /// The key of the title in a share's configuration.
    public static let titleKey = "title"

    /// A note from a share's text and configuration (the title under ``titleKey``).
    public init(text: String?, shareConfiguration: [String: String]) {
        self.init(text: text ?? "(no text)", title: shareConfiguration[Self.titleKey],
                  settings: shareConfiguration.filter { $0.key != Self.titleKey })
    }

    /// The configuration an extension leaves in the inbox with the note's text.
    public var shareConfiguration: [String: String] {
        settings.merging(title.map { [Self.titleKey: $0] } ?? [:]) { setting, _ in setting }
    }

    /// The note on one line: `text — title (key value, …)`, settings sorted by key.
    public var line: String {
        let settings = settings.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return text + (title.map { " — \($0)" } ?? "") + (settings.isEmpty ? "" : " (\(settings))")
    }
}
