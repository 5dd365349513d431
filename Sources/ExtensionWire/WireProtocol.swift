import ExtensionIPC

/// The conversation between a host and an extension process, version 1.
///
/// Every message is one ``Frame`` whose kind names the message and whose payload is the
/// message as a binary property list; file representations ride along as descriptors
/// (SCM_RIGHTS), read-only, never as host paths. docs/WIRE.md lists the messages, who
/// sends each, and the kinds reserved for what comes next (the compose sheet, background
/// transfers).
package enum WireProtocol {
    /// The version this build speaks. A peer that announces another is refused.
    package static let version = 1

    /// The most descriptors one message may carry (the channel's default).
    package static let maxDescriptorsPerMessage = 16
}

extension Frame.Kind {
    // Extension → host.
    /// The extension is ready (``Hello``).
    package static let hello = Frame.Kind(rawValue: 10)
    /// The extension asks for a representation (``LoadRequest``).
    package static let loadRequest = Frame.Kind(rawValue: 11)
    /// The extension completed the request (``CompleteRequest``).
    package static let completeRequest = Frame.Kind(rawValue: 12)
    /// The extension cancelled the request (``CancelRequest``).
    package static let cancelRequest = Frame.Kind(rawValue: 13)
    /// The extension asks the host to open a URL (``OpenURLRequest``).
    package static let openURL = Frame.Kind(rawValue: 14)
    /// The extension misused its context (``Misuse``).
    package static let misuse = Frame.Kind(rawValue: 15)
    /// The extension answers a ping (``Pong``).
    package static let pong = Frame.Kind(rawValue: 16)

    // Host → extension.
    /// The request and its input items (``BeginRequest``).
    package static let beginRequest = Frame.Kind(rawValue: 40)
    /// The answer to a load (``LoadReply``).
    package static let loadReply = Frame.Kind(rawValue: 41)
    /// The host has the completed items (``CompleteAcknowledgement``).
    package static let completeAcknowledgement = Frame.Kind(rawValue: 42)
    /// The answer to an open-URL request (``OpenURLReply``).
    package static let openURLReply = Frame.Kind(rawValue: 43)
    /// The host's state changed (``HostStateChange``).
    package static let hostState = Frame.Kind(rawValue: 44)
    /// The host asks whether the extension's runtime answers (``Ping``).
    package static let ping = Frame.Kind(rawValue: 45)

    // The compose sheet (70–89).
    /// Extension → host: the sheet's state (``ComposeUpdate``).
    package static let composeUpdate = Frame.Kind(rawValue: 70)
    /// Host → extension: a user event on the sheet (``ComposeEventMessage``).
    package static let composeEvent = Frame.Kind(rawValue: 71)
    /// Extension → host: a message for the extension's own interface (``InterfaceMessage``).
    package static let interfacePost = Frame.Kind(rawValue: 72)
    /// Host → extension: a message from the extension's own interface (``InterfaceMessage``).
    package static let interfaceEvent = Frame.Kind(rawValue: 73)
    /// Extension → host: what the extension's view controller shows (``ViewUpdate``).
    package static let viewUpdate = Frame.Kind(rawValue: 74)
    /// Host → extension: the person acted on the controller's view (``ViewActionMessage``).
    package static let viewAction = Frame.Kind(rawValue: 75)

    /// Kinds 70–89 are the sheet's: the compose sheet (the extension describes its sheet;
    /// the host sends the user's edits, taps, Post and Cancel), the extension's own
    /// interface (72, 73) and its view controller (74, 75); 76–89 are still free.
    package static let composeSheetRange: ClosedRange<UInt8> = 70...89
    // Today widgets (110–119).
    /// Extension → host: the widget's state (``WidgetStateMessage``).
    package static let widgetState = Frame.Kind(rawValue: 110)
    /// Host → extension: update the widget (``WidgetUpdateRequest``).
    package static let widgetUpdate = Frame.Kind(rawValue: 111)
    /// Host → extension: the user switched the widget's mode (``WidgetDisplayModeChange``).
    package static let widgetDisplayMode = Frame.Kind(rawValue: 112)
    /// Host → extension: the person chose one of the widget's own buttons (``WidgetTap``).
    package static let widgetTap = Frame.Kind(rawValue: 113)

    /// Kinds 110–119 are Today widgets' (114–119 still free).
    package static let widgetRange: ClosedRange<UInt8> = 110...119
    // Photo editing (120–129).
    /// Host → extension: can the editor handle this adjustment data (``EditQuery``)?
    package static let editQuery = Frame.Kind(rawValue: 120)
    /// Extension → host: its answer (``EditQueryReply``).
    package static let editQueryReply = Frame.Kind(rawValue: 121)
    /// Host → extension: editing begins, with the images (``EditBegin``).
    package static let editBegin = Frame.Kind(rawValue: 122)
    /// Extension → host: editing has started (``EditReady``).
    package static let editReady = Frame.Kind(rawValue: 123)
    /// Host → extension: Done or Cancel (``EditEnd``).
    package static let editEnd = Frame.Kind(rawValue: 124)
    /// Extension → host: how the edit ended, with the rendered image (``EditResult``).
    package static let editResult = Frame.Kind(rawValue: 125)
    /// Host → extension: the app's text field changed (``TextDocumentChange``), for a keyboard.
    package static let textDocument = Frame.Kind(rawValue: 130)
    /// Kinds 130–139 are custom keyboards' (131–139 still free).
    package static let keyboardRange: ClosedRange<UInt8> = 130...139
    // File providers (140–149).
    /// Host → extension: a call of the provider's API (``FileProviderCall``).
    package static let fileProviderCall = Frame.Kind(rawValue: 140)
    /// Extension → host: its answer (``FileProviderReply``), with the item's file when provided.
    package static let fileProviderReply = Frame.Kind(rawValue: 141)
    /// Extension → host: a folder changed (``FileProviderSignal``).
    package static let fileProviderSignal = Frame.Kind(rawValue: 142)
    /// Kinds 140–149 are file providers' (143–149 still free).
    package static let fileProviderRange: ClosedRange<UInt8> = 140...149
    /// Kinds 120–129 are photo editing's (126–129 still free).
    package static let photoEditingRange: ClosedRange<UInt8> = 120...129
    /// Kinds 90–109 are reserved for background transfers handed to a service.
    package static let backgroundTransferRange: ClosedRange<UInt8> = 90...109
}
