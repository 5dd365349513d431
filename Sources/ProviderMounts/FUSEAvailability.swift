import Foundation
import Glibc
import SystemSupport

/// Whether FUSE can be used on this machine, and if not, why and what to do.
public enum FUSEAvailability {
    /// Throws ``ProviderMountError/Code/fuseUnavailable`` naming what is missing.
    public static func check() throws(ProviderMountError) {
        if let problem = problem() { throw ProviderMountError(.fuseUnavailable, problem) }
    }

    /// What keeps FUSE from working here, with the fix; `nil` when it can be used.
    public static func problem() -> String? {
        let device = open("/dev/fuse", O_RDWR | O_CLOEXEC)
        if device < 0 {
            let reason = SystemErrorText.text(errno)
            return errno == ENOENT
                ? "/dev/fuse does not exist: load the module (`modprobe fuse`), or in a container pass the device (`--device /dev/fuse`)"
                : "/dev/fuse cannot be opened: \(reason); in a container pass the device (`--device /dev/fuse`, and `--cap-add SYS_ADMIN` or an unconfined AppArmor profile where mounts are refused)"
        }
        close(device)
        guard ExecutableSearch.find("fusermount3", path: ProcessInfo.processInfo.environment["PATH"]) != nil else {
            return "fusermount3 is not installed: install the fuse3 package (`apt-get install fuse3`)"
        }
        return nil
    }
}
