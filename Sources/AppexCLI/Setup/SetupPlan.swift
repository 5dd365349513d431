import ArgumentParser
import DeviceLayout
import Foundation
import SystemSupport

/// The files `appex setup` installs, for given locations and executable.
enum SetupPlan {
    /// Every file, in the order they are written and reported; with `transfersHome`, the
    /// systemd user units that run that home's transfer service too.
    static func files(_ locations: SetupLocations, executable: String, transfersHome: AppexHome? = nil) throws(SetupError) -> [SetupFile] {
        let program = try DesktopExec.program(executable)
        let data = locations.dataHome.path
        let config = locations.configHome.path
        var files = [
            SetupFile(path: data + "/applications/appex-share.desktop", content: DesktopEntries.application(program: program),
                      mode: 0o644, purpose: "GNOME Files \"Open With\", and any GIO or KDE \"Open With\" list"),
            SetupFile(path: data + "/Thunar/sendto/appex-share.desktop", content: DesktopEntries.thunarSendTo(program: program),
                      mode: 0o644, purpose: "Thunar \"Send To\""),
            SetupFile(path: data + "/kio/servicemenus/appex-share.desktop", content: DesktopEntries.dolphinServiceMenu(program: program),
                      mode: 0o755, purpose: "Dolphin service menu, KF6 and KF5 5.85+"),
            SetupFile(path: data + "/nemo/actions/appex-share.nemo_action", content: DesktopEntries.nemoAction(program: program),
                      mode: 0o644, purpose: "Nemo action"),
            SetupFile(path: data + "/file-manager/actions/appex-share.desktop", content: DesktopEntries.fileManagerAction(program: program),
                      mode: 0o644, purpose: "Caja action through caja-actions, FileManager-Actions format"),
            SetupFile(path: data + "/bash-completion/completions/appex", content: AppexCommand.completionScript(for: .bash),
                      mode: 0o644, purpose: "bash completion, loaded on demand by bash-completion"),
            SetupFile(path: data + "/zsh/site-functions/_appex", content: AppexCommand.completionScript(for: .zsh),
                      mode: 0o644, purpose: "zsh completion, once the folder is in fpath"),
            SetupFile(path: config + "/fish/completions/appex.fish", content: AppexCommand.completionScript(for: .fish),
                      mode: 0o644, purpose: "fish completion"),
        ]
        files.append(SetupFile(path: IBusSetup.componentFolder(dataHome: data) + "/appex-keyboards.xml",
                               content: IBusSetup.component(program: executable), mode: 0o644,
                               purpose: "IBus component: the installed custom keyboards as input methods"))
        files.append(SetupFile(path: config + "/environment.d/60-appex-ibus.conf", content: IBusSetup.environment(dataHome: data),
                               mode: 0o644, purpose: "IBUS_COMPONENT_PATH for the session, so that ibus-daemon reads the component"))
        if let page = ManualPage.appex() {
            files.append(SetupFile(path: data + "/man/man1/appex.1", content: page, mode: 0o644, purpose: "man page: man appex"))
        }
        if let home = transfersHome {
            let units = config + "/systemd/user/"
            files.append(SetupFile(path: units + SystemdUnits.socketUnit, content: try SystemdUnits.socket(home: home), mode: 0o644,
                                   purpose: "systemd user socket: starts the transfer service on the first connection"))
            files.append(SetupFile(path: units + SystemdUnits.serviceUnit, content: try SystemdUnits.service(executable: executable, home: home),
                                   mode: 0o644, purpose: "systemd user service: appex transfers serve"))
        }
        return files
    }

    /// The running executable: `/proc/self/exe` resolved.
    static func runningExecutable() throws(SetupError) -> String {
        guard let path = ExecutableSearch.running else {
            throw SetupError(.unusableExecutable, "cannot resolve /proc/self/exe to find the appex executable (pass --executable)")
        }
        return path
    }
}
