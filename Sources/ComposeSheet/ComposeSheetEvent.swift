/// What the user did on the sheet, as the host reports it to the extension.
public enum ComposeSheetEvent: Hashable, Sendable, Codable {
    /// The text view now holds this text.
    case textEdited(String)
    /// The configuration item at this index was tapped.
    case itemTapped(Int)
    /// In the pushed list, the choice at this index was chosen.
    case choiceMade(Int)
    /// The pushed text field now holds this text.
    case fieldEdited(String)
    /// The pushed switch was set to this state.
    case switchToggled(Bool)
    /// Back, out of the pushed view.
    case back
    /// Post.
    case post
    /// Cancel.
    case cancel
    /// The person chose the presented alert's action at this index (also after Post).
    case alertAction(Int)
    /// The person typed into the presented alert's text field at this index.
    case alertFieldEdited(Int, text: String)
}
