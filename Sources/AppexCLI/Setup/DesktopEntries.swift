/// The contents of the desktop entries and file-manager actions `appex setup` installs.
///
/// Every one runs `appex share --ui web` with the selection. `program` is the executable's
/// path already written for an `Exec` line (``DesktopExec/program(_:)``). Field codes: `%U`
/// for the application entry, which is also offered for http(s) links, so that URLs arrive
/// as URLs; `%F` for the file managers' actions, so that remote files arrive as local copies
/// (the share sheet reads their content).
enum DesktopEntries {
    /// The label every file manager shows.
    static let label = "Share…"
    /// A comment or tooltip.
    static let comment = "Share with an installed app extension"
    /// A theme icon every desktop has.
    static let icon = "document-send"
    /// Files of every type (shared-mime-info makes every non-text type a subclass of
    /// application/octet-stream and every text type one of text/plain), folders, and web links.
    static let mimeTypes = "application/octet-stream;text/plain;inode/directory;x-scheme-handler/http;x-scheme-handler/https;"

    /// `$XDG_DATA_HOME/applications/appex-share.desktop`: GNOME Files' "Open With" (and any
    /// GIO or KDE "Open With" list); `NoDisplay` keeps it out of the application menu.
    static func application(program: String) -> String {
        """
        [Desktop Entry]
        Type=Application
        Version=1.4
        Name=\(label)
        Comment=\(comment)
        Icon=\(icon)
        Exec=\(program) share --ui web %U
        Terminal=false
        NoDisplay=true
        MimeType=\(mimeTypes)

        """
    }

    /// `$XDG_DATA_HOME/Thunar/sendto/appex-share.desktop`: Thunar's "Send To" menu, which
    /// offers an entry without `MimeType` for every selection.
    static func thunarSendTo(program: String) -> String {
        """
        [Desktop Entry]
        Type=Application
        Version=1.4
        Name=\(label)
        Comment=\(comment)
        Icon=\(icon)
        Exec=\(program) share --ui web %F
        Terminal=false

        """
    }

    /// `$XDG_DATA_HOME/kio/servicemenus/appex-share.desktop`: Dolphin's context menu. KF6
    /// reads `MimeType`; KF5 (5.85 and later read this folder too) also needs
    /// `X-KDE-ServiceTypes=KonqPopupMenu/Plugin`. KIO matches application/octet-stream
    /// against every file. Installed executable: KIO runs a service menu outside
    /// `applications/` that the user owns only when it has the executable bit.
    static func dolphinServiceMenu(program: String) -> String {
        """
        [Desktop Entry]
        Type=Service
        Name=\(label)
        MimeType=application/octet-stream;inode/directory;
        X-KDE-ServiceTypes=KonqPopupMenu/Plugin
        X-KDE-Priority=TopLevel
        Actions=share;

        [Desktop Action share]
        Name=\(label)
        Icon=\(icon)
        Exec=\(program) share --ui web %F

        """
    }

    /// `$XDG_DATA_HOME/nemo/actions/appex-share.nemo_action`: Nemo's context menu, for any
    /// non-empty selection of files or folders; `Quote=double` quotes each path of `%F`.
    static func nemoAction(program: String) -> String {
        """
        [Nemo Action]
        Name=\(label)
        Comment=\(comment)
        Icon-Name=\(icon)
        Exec=\(program) share --ui web %F
        Selection=notnone
        Extensions=any;
        Quote=double

        """
    }

    /// `$XDG_DATA_HOME/file-manager/actions/appex-share.desktop`: an action in the
    /// FileManager-Actions format (DES-EMA), which caja-actions shows in Caja's context menu
    /// (and nautilus-actions, PCManFM and Filer read too).
    static func fileManagerAction(program: String) -> String {
        """
        [Desktop Entry]
        Type=Action
        Name=\(label)
        Tooltip=\(comment)
        Icon=\(icon)
        Profiles=share;

        [X-Action-Profile share]
        Name=\(label)
        MimeTypes=all/all;
        SelectionCount=>0
        Exec=\(program) share --ui web %F

        """
    }
}
